// The search engine over the index that internal/site/searchindex writes: a
// manifest (index.json), term shards (t/<n>.bin) and document chunks
// (d/<n>.json). Nothing but the manifest is loaded up front; a query loads
// the shards of its terms and the chunks of the results it returns, and
// keeps them for the next query.
import { tokenize } from './analyze.js';
import { stemEnglish, stemGerman } from './stem.js';

const formatVersion = 1;
// A prefix (the word being typed) expands to at most this many terms, the
// most frequent first, read from at most this many shards.
const maxPrefixTerms = 48;
const maxPrefixShards = 3;
// A prefix match counts less than a whole-word match.
const prefixWeight = 0.6;
// The stem of a word being typed is usually one of its prefixes: for
// "deploym" the index holds "deploy". Prefixes down to this many characters
// shorter (but at least minStemRunes long) are tried.
const maxStemCut = 6;
const minStemRunes = 3;

// compare orders strings by code point, as Go orders the terms (by UTF-8
// bytes); JavaScript's < compares UTF-16 code units.
export function compare(a, b) {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i);
    const y = b.codePointAt(i);
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

// decodeShard decodes a term shard (see internal/site/searchindex/shard.go).
export function decodeShard(buffer) {
  const b = new Uint8Array(buffer);
  let pos = 0;
  const uvarint = () => {
    let x = 0;
    let scale = 1;
    for (;;) {
      if (pos >= b.length) throw new Error('search index: truncated shard');
      const byte = b[pos++];
      x += (byte & 0x7f) * scale;
      if (byte < 0x80) return x;
      scale *= 128;
    }
  };
  const decoder = new TextDecoder();
  const n = uvarint();
  const terms = new Array(n);
  const lists = new Map();
  let prev = new Uint8Array(0);
  for (let i = 0; i < n; i++) {
    const shared = uvarint();
    const len = uvarint();
    const bytes = new Uint8Array(shared + len);
    bytes.set(prev.subarray(0, shared));
    bytes.set(b.subarray(pos, pos + len), shared);
    pos += len;
    const term = decoder.decode(bytes);
    const df = uvarint();
    const ids = new Uint32Array(df);
    let id = -1;
    for (let k = 0; k < df; k++) {
      id += uvarint() + 1;
      ids[k] = id;
    }
    const weights = b.slice(pos, pos + df);
    pos += df;
    terms[i] = term;
    lists.set(term, { ids, weights });
    prev = bytes;
  }
  return { terms, lists };
}

// openIndex loads the manifest at manifestURL and returns the index.
// options.fetch replaces the global fetch (tests count bytes with it). The
// manifest is revalidated, never taken stale from a cache: it names the
// build (manifest.id) that every other file is fetched for.
export async function openIndex(manifestURL, options = {}) {
  const fetchFn = options.fetch || globalThis.fetch.bind(globalThis);
  const url = new URL(manifestURL, globalThis.document ? document.baseURI : undefined);
  const res = await fetchFn(url.href, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`search index ${url.href}: HTTP ${res.status}`);
  const manifest = await res.json();
  if (manifest.v !== formatVersion) {
    throw new Error(`search index ${url.href}: format ${manifest.v}, want ${formatVersion}`);
  }
  return new SearchIndex(manifest, url, fetchFn);
}

export class SearchIndex {
  constructor(manifest, url, fetchFn) {
    this.manifest = manifest;
    this.base = new URL('.', url);
    this.root = new URL(manifest.root, this.base);
    this.fetch = fetchFn;
    this.stop = new Set(manifest.stop);
    this.shards = new Map();
    this.chunks = new Map();
  }

  // terms analyses a query into its words: each with the folded text and
  // its English and German stems. Stop words are dropped.
  terms(query) {
    const seen = new Set();
    const out = [];
    for (const text of tokenize(query)) {
      if (this.stop.has(text) || seen.has(text)) continue;
      seen.add(text);
      out.push({ text, en: stemEnglish(text), de: stemGerman(text) });
    }
    return out;
  }

  // search returns the documents matching every word of query, best first:
  // { total, results: [{ url, name, title, summary, audience, tools, score }] }.
  // With options.prefix (default true) the last word also matches as a
  // prefix unless the query ends in a space, so results follow typing.
  async search(query, options = {}) {
    const limit = options.limit ?? 10;
    const words = this.terms(query);
    if (words.length === 0) return { total: 0, results: [] };
    const typing = (options.prefix ?? true) && !/\s$/.test(query);

    const plans = await Promise.all(words.map((w, i) => this.plan(w, typing && i === words.length - 1)));
    const scored = this.score(plans);
    const top = scored.slice(0, limit);
    const results = await Promise.all(top.map(([doc, score]) => this.record(doc, score)));
    return { total: scored.length, results };
  }

  // plan returns the terms (with their posting lists and weight factors)
  // that one query word matches.
  async plan(word, prefix) {
    const alts = new Map();
    const add = (term, list, factor) => {
      if (list && !(alts.get(term)?.factor >= factor)) alts.set(term, { list, factor });
    };
    const exact = [...new Set([word.en, word.de])];
    const lookups = exact.map(async (t) => add(t, await this.list(t), 1));
    if (prefix) {
      lookups.push(this.expand(word.text).then((found) => found.forEach(([t, list]) => add(t, list, prefixWeight))));
      lookups.push(this.stemOf(word.text).then((found) => found && add(found[0], found[1], prefixWeight)));
    }
    await Promise.all(lookups);
    return [...alts.values()];
  }

  // score intersects the words' matches and sums their scores: per word the
  // best of its terms, each weighted by the term's rarity (BM25's idf).
  score(plans) {
    const n = this.manifest.docs;
    const perWord = plans.map((alts) => {
      const m = new Map();
      for (const { list, factor } of alts) {
        const df = list.ids.length;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        for (let k = 0; k < df; k++) {
          const s = list.weights[k] * idf * factor;
          const doc = list.ids[k];
          if (!(m.get(doc) >= s)) m.set(doc, s);
        }
      }
      return m;
    });
    perWord.sort((a, b) => a.size - b.size);
    const out = [];
    for (const [doc, s0] of perWord[0]) {
      let s = s0;
      let all = true;
      for (let i = 1; i < perWord.length && all; i++) {
        const x = perWord[i].get(doc);
        if (x === undefined) all = false;
        else s += x;
      }
      if (all) out.push([doc, s]);
    }
    return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  }

  // shardFor returns the shard that holds term if the index has it: the last
  // shard whose first term is not after term, or -1.
  shardFor(term) {
    const firsts = this.manifest.shards;
    let lo = 0;
    let hi = firsts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(firsts[mid], term) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  loadShard(i) {
    let p = this.shards.get(i);
    if (!p) {
      p = this.get(`t/${i}.bin`).then((r) => r.arrayBuffer()).then(decodeShard);
      p.catch(() => this.shards.delete(i));
      this.shards.set(i, p);
    }
    return p;
  }

  async get(file) {
    const url = new URL(`${file}?v=${this.manifest.id}`, this.base);
    const res = await this.fetch(url.href);
    if (!res.ok) throw new Error(`search index ${url.href}: HTTP ${res.status}`);
    return res;
  }

  // list returns the posting list of term, or null.
  async list(term) {
    const i = this.shardFor(term);
    if (i < 0) return null;
    return (await this.loadShard(i)).lists.get(term) ?? null;
  }

  // expand returns the terms that start with prefix, the most frequent
  // first, at most maxPrefixTerms of them.
  async expand(prefix) {
    const firsts = this.manifest.shards;
    const start = Math.max(0, this.shardFor(prefix));
    let end = start;
    while (end + 1 < firsts.length && end - start + 1 < maxPrefixShards && firsts[end + 1].startsWith(prefix)) end++;
    const found = [];
    for (let i = start; i <= end && i < firsts.length; i++) {
      const { terms, lists } = await this.loadShard(i);
      let lo = 0;
      let hi = terms.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compare(terms[mid], prefix) < 0) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < terms.length && terms[k].startsWith(prefix); k++) {
        found.push([terms[k], lists.get(terms[k])]);
      }
    }
    found.sort((a, b) => b[1].ids.length - a[1].ids.length || compare(a[0], b[0]));
    return found.slice(0, maxPrefixTerms);
  }

  // stemOf returns the longest term that is a proper prefix of text, no more
  // than maxStemCut characters shorter: the likely stem of a half-typed word.
  // Only the shard of text and the one before it are read.
  async stemOf(text) {
    const home = this.shardFor(text);
    if (home < 0) return null;
    const chars = [...text];
    const cands = [];
    for (let cut = 1; cut <= maxStemCut && chars.length - cut >= minStemRunes; cut++) {
      const t = chars.slice(0, chars.length - cut).join('');
      const i = this.shardFor(t);
      if (i >= 0 && i >= home - 1) cands.push([t, i]);
    }
    const shards = await Promise.all(cands.map(([, i]) => this.loadShard(i)));
    for (let k = 0; k < cands.length; k++) {
      const list = shards[k].lists.get(cands[k][0]);
      if (list) return [cands[k][0], list];
    }
    return null;
  }

  // record returns the displayed fields of document doc.
  async record(doc, score) {
    const size = this.manifest.chunk;
    const c = Math.floor(doc / size);
    let p = this.chunks.get(c);
    if (!p) {
      p = this.get(`d/${c}.json`).then((r) => r.json());
      p.catch(() => this.chunks.delete(c));
      this.chunks.set(c, p);
    }
    const [url, name, title, summary, audience, tools] = (await p)[doc % size];
    return { url: new URL(url, this.root).href, name, title, summary, audience, tools, score };
  }
}
