// The search engine over the index that internal/site/searchindex writes: a
// manifest (index.json), term shards (t/<n>.bin), a file per document
// (f/<n>.json: its record and sections) and the vocabulary by first
// character (v/<n>.txt). Nothing but the manifest is loaded up front; a
// query loads the shards of its terms (and, for a word the index lacks,
// the vocabulary of its first character) and the files of the results it
// returns, and keeps them for the next query.
import { Analysis, words as wordsOf } from './analyze.js';
import { distance } from './fuzzy.js';

const formatVersion = 3;
// The weights of a word's forms, as the catalog weighs them
// (internal/search's scoring): a compound's head, a glossary rendering
// of a German word (in a query known to be German, and otherwise), a
// related term of the thesaurus, the letters of a word ending in digits.
const partWeight = 0.6;
const transWeightDE = 0.7;
const transWeight = 0.5;
const relatedWeight = 0.5;
const baseWeight = 0.8;
// Cognates (German spellings of English words) are looked up in at most
// this many shards not loaded yet, per word.
const maxCognateShards = 2;
// A query's expansions (a compound's head, glossary renderings, related
// terms, a word's letters without digits) are looked up in at most this
// many shards not loaded yet, the weightiest first: a frequent term's
// posting list fills a shard, and a cold first query must stay small.
// Expansions in shards already loaded always count.
const maxExpansionShards = 1;
// Words shorter than this (in characters) are not indexed (longer words
// of prose are not either, but a name may be long: searchindex).
const minWordRunes = 2;
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
// A word the index does not hold matches the terms within one typo (two
// from minTwoTypos characters on) that start with the same character: the
// fuzzy matches of words at least minTypoRunes long, at most
// maxTypoTerms of them, the closest and most frequent first.
const minTypoRunes = 5;
const minTwoTypos = 8;
const maxTypoTerms = 3;
const typoWeight = 0.5;
// The longest ending a typo's stem match leaves aside ("ment", "ungen").
const maxEnding = 5;
// An excerpt shows about this many words around the matches.
const excerptWords = 28;

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
    this.shards = new Map();
    this.fragments = new Map();
  }

  // analysis loads the index's analysis data (a.json) once.
  analysis() {
    if (!this.analysisP) {
      this.analysisP = this.get('a.json').then((r) => r.json()).then((d) => (this.an = new Analysis(d)));
      this.analysisP.catch(() => {
        this.analysisP = null;
      });
    }
    return this.analysisP;
  }

  // analysisFor loads the analysis data and, when text holds characters
  // beyond the Latin letters, the rest of the fold table (a-fold.json)
  // once.
  async analysisFor(text) {
    const an = await this.analysis();
    if (an.lacksFold(text)) {
      if (!this.foldP) {
        this.foldP = this.get('a-fold.json').then((r) => r.json()).then((g) => an.addFold(g));
        this.foldP.catch(() => {
          this.foldP = null;
        });
      }
      await this.foldP;
    }
    return an;
  }

  // terms analyses a query as the catalog analyses an intent
  // (internal/textan, see analyze.js): { lang, words }, each word with its
  // terms and forms (en, de, trans, related, …) and text, its folded
  // lower-case spelling (for prefixes and typos). Stop words, fillers and
  // words the index cannot hold are dropped, and repeated words.
  async terms(query) {
    const an = await this.analysisFor(query);
    const q = an.query(query);
    const seen = new Set();
    const out = [];
    for (const w of q.words) {
      const n = [...w.raw].length;
      if ((!w.en && w.de.length === 0) || n < minWordRunes || seen.has(w.raw)) continue;
      seen.add(w.raw);
      w.text = goLowerFold(an, w.raw);
      out.push(w);
    }
    return { lang: q.lang, words: out };
  }

  // search returns the documents matching any word of query, best first
  // by score, as the catalog ranks manuals: the evidence of each word,
  // weighted by its rarity and where it is found, summed (a document
  // matching a rare word in its name before one matching two common words
  // in its body): { total, results: [{ id, url, name, title, summary,
  // audience, tools, score, matched, words }] } (words: per query word,
  // the index terms it matched, for excerpt). A word matches through its
  // English and German terms, a German word through its glossary
  // renderings (a compound through its parts) or its English spelling,
  // any word through related terms. With options.prefix (default true)
  // the last word also matches as a prefix unless the query ends in a
  // space, so results follow typing. A word of five or more letters that
  // the index does not hold matches the terms one typo away (two from
  // eight letters on).
  async search(query, options = {}) {
    const limit = options.limit ?? 10;
    const { lang, words } = await this.terms(query);
    if (words.length === 0) return { total: 0, results: [] };
    const typing = (options.prefix ?? true) && !/\s$/.test(query);

    const expansions = this.expansions(words, lang);
    const plans = await Promise.all(words.map((w, i) => this.plan(w, lang, typing && i === words.length - 1, expansions[i])));
    const scored = this.score(plans);
    const top = scored.slice(0, limit);
    const matched = plans.map((alts, i) => ({ text: words[i].text, terms: alts.map((a) => a.term), prefix: typing && i === words.length - 1 }));
    const results = await Promise.all(top.map(([doc, score, n]) => this.record(doc, score, n, matched)));
    return { total: scored.length, results };
  }

  // expansions returns, per word, the terms of its forms with their weight
  // factors ([term, factor]) that a query looks up: every form of weight
  // 1 (its own terms), and the expansions in shards already loaded or in
  // the first maxExpansionShards others, by weight, then word and form
  // order (so the choice does not depend on the order shards arrive in).
  expansions(words, lang) {
    const tw = lang === 'de' ? transWeightDE : transWeight;
    const out = words.map(() => []);
    const more = [];
    words.forEach((word, i) => {
      const form = (t, f) => {
        if (t) (f >= 1 ? out[i] : more).push([t, f, i, more.length]);
      };
      form(word.en, 1);
      word.de.forEach((t, k) => form(t, k === 0 ? 1 : partWeight));
      word.trans.forEach((t) => form(t, word.split ? tw * partWeight : tw));
      word.related.forEach((t) => form(t, word.trans.length > 0 ? relatedWeight * tw : relatedWeight));
      form(word.plural, 1);
      form(word.base, baseWeight);
    });
    const wanted = new Set();
    for (const forms of out) for (const [t] of forms) wanted.add(this.shardFor(t));
    more.sort((a, b) => b[1] - a[1] || a[2] - b[2] || a[3] - b[3]);
    let fresh = 0;
    for (const [t, f, i] of more) {
      const s = this.shardFor(t);
      if (s < 0) continue;
      if (!this.shards.has(s) && !wanted.has(s)) {
        if (fresh >= maxExpansionShards) continue;
        fresh++;
        wanted.add(s);
      }
      out[i].push([t, f]);
    }
    return out;
  }

  // plan returns the terms (with their posting lists and weight factors)
  // that one query word matches: forms are its terms (see expansions).
  async plan(word, lang, prefix, forms) {
    const alts = new Map();
    const add = (term, list, factor) => {
      if (list && !(alts.get(term)?.factor >= factor)) alts.set(term, { term, list, factor });
    };
    const tw = lang === 'de' ? transWeightDE : transWeight;
    const lookups = forms.map(async ([t, f]) => add(t, await this.list(t), f));
    if (lang !== 'en' && word.de.length > 0 && word.groups.length === 0) {
      lookups.push(this.cognates(word).then((found) => {
        for (const [t, list] of found) add(t, list, tw);
        const terms = found.map(([t]) => t);
        const rel = [];
        for (const t of terms) {
          for (const r of this.an.related(t)) if (r !== word.en && !terms.includes(r) && !rel.includes(r)) rel.push(r);
        }
        return Promise.all(rel.map(async (t) => add(t, await this.list(t), relatedWeight * tw)));
      }));
    }
    if (prefix) {
      lookups.push(this.expand(word.text).then((found) => found.forEach(([t, list]) => add(t, list, prefixWeight))));
      lookups.push(this.stemOf(word.text).then((found) => found && add(found[0], found[1], prefixWeight)));
    }
    await Promise.all(lookups);
    if (alts.size === 0 && [...word.text].length >= minTypoRunes) {
      for (const [t, list] of await this.fuzzy(word)) add(t, list, typoWeight);
    }
    return [...alts.values()];
  }

  // cognates returns the English spellings of a German word that the
  // index holds, with their posting lists (textan.CognateTerms), reading
  // at most maxCognateShards shards not loaded yet.
  async cognates(word) {
    const found = [];
    let fresh = 0;
    for (const t of this.an.cognateTerms(word.raw)) {
      const i = this.shardFor(t);
      if (i < 0) continue;
      if (!this.shards.has(i)) {
        if (fresh >= maxCognateShards) continue;
        fresh++;
      }
      const list = (await this.loadShard(i)).lists.get(t);
      if (list) found.push([t, list]);
    }
    return found;
  }

  // score ranks the documents that match any word by the sum of the words'
  // scores, each the best of its terms weighted by the term's rarity
  // (BM25's idf) and its field (the posting's weight), as the catalog
  // weighs evidence. It returns [doc, score, words matched] sorted.
  score(plans) {
    const n = this.manifest.docs;
    const total = new Map();
    for (const alts of plans) {
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
      for (const [doc, s] of m) {
        const t = total.get(doc);
        if (t) {
          t[1] += s;
          t[2]++;
        } else total.set(doc, [doc, s, 1]);
      }
    }
    return [...total.values()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  }

  // fuzzy returns the terms within the word's typo allowance that start
  // with its first character, with their posting lists.
  async fuzzy(word) {
    const first = String.fromCodePoint(word.text.codePointAt(0));
    const i = this.manifest.vocab.indexOf(first);
    if (i < 0) return [];
    const text = await this.vocab(i);
    const max = [...word.text].length >= minTwoTypos ? 2 : 1;
    const forms = [...new Set([word.text, word.en, ...word.de])].filter((f) => f);
    const chars = [...word.text];
    const cands = [];
    for (const line of text.split('\n')) {
      const sp = line.indexOf(' ');
      if (sp < minStemRunes) continue;
      const term = line.slice(0, sp);
      let d = max + 1;
      for (const f of forms) d = Math.min(d, distance(f, term, max));
      // A stem against the word without an ending the stemmer could not
      // see for the typo ("deplyoment" → deploy): a little further.
      const len = [...term].length;
      const ending = chars.length - len;
      if (d > max && len >= minTypoRunes && ending >= 1 && ending <= maxEnding) {
        const e = distance(chars.slice(0, len).join(''), term, max);
        if (e <= max) d = e + 0.5;
      }
      if (d <= max + 0.5) cands.push([term, d, Number(line.slice(sp + 1))]);
    }
    cands.sort((a, b) => a[1] - b[1] || b[2] - a[2] || compare(a[0], b[0]));
    const found = await Promise.all(cands.slice(0, maxTypoTerms).map(async ([t]) => [t, await this.list(t)]));
    return found.filter(([, list]) => list);
  }

  vocab(i) {
    this.vocabs ??= new Map();
    let p = this.vocabs.get(i);
    if (!p) {
      p = this.get(`v/${i}.txt`).then((r) => r.text());
      p.catch(() => this.vocabs.delete(i));
      this.vocabs.set(i, p);
    }
    return p;
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
  async record(doc, score, matched = 0, words = []) {
    const [url, name, title, summary, audience, tools] = (await this.fragment(doc)).r;
    return { id: doc, url: new URL(url, this.root).href, name, title, summary, audience, tools, score, matched, words };
  }

  // excerpt returns the section of a result that its query words match
  // best and a passage of it: { anchor, heading, url, text, marks }, where
  // marks are [start, end) offsets into text of the matched words; null
  // when the document has no text.
  async excerpt(result) {
    const secs = (await this.fragment(result.id)).s;
    if (!secs.length) return null;
    const an = await this.analysisFor(secs.map(([, heading, text]) => `${heading} ${text}`).join(' '));
    const words = result.words.map((w) => ({ terms: new Set(w.terms), text: w.text, prefix: w.prefix }));
    // which query word a word of the text matches, or -1
    const which = (tok) => {
      const text = goLowerFold(an, tok);
      const forms = [an.englishTerm(an.foldText(tok)), ...an.germanTerms(tok)];
      for (let i = 0; i < words.length; i++) {
        const w = words[i];
        if (forms.some((f) => f && w.terms.has(f)) || text === w.text || (w.prefix && text.startsWith(w.text))) return i;
      }
      return -1;
    };
    let best = null;
    secs.forEach(([anchor, heading, text], si) => {
      const toks = wordsOf(text).map((t) => ({ ...t, w: which(t.text) }));
      const inHeading = new Set(wordsOf(heading).map((t) => which(t.text)).filter((w) => w >= 0));
      // the window of excerptWords tokens that holds the most distinct words
      let top = { n: 0, hits: 0, at: 0 };
      for (let i = 0; i < toks.length; i++) {
        if (toks[i].w < 0) continue;
        const seen = new Set();
        let hits = 0;
        for (let j = i; j < toks.length && j < i + excerptWords; j++) {
          if (toks[j].w >= 0) {
            seen.add(toks[j].w);
            hits++;
          }
        }
        if (seen.size > top.n || (seen.size === top.n && hits > top.hits)) top = { n: seen.size, hits, at: i };
      }
      const all = new Set([...inHeading, ...toks.filter((t) => t.w >= 0).map((t) => t.w)]);
      const rank = all.size * 1000 + top.n * 10 + inHeading.size;
      if (!best || rank > best.rank) best = { rank, anchor, heading, text, toks, at: top.n ? top.at : 0, si };
    });
    const { toks, text } = best;
    const from = Math.max(0, best.at - 6);
    const to = Math.min(toks.length, from + excerptWords);
    const start = from > 0 ? toks[from].start : 0;
    const end = to < toks.length ? toks[to - 1].end : text.length;
    const marks = toks.slice(from, to).filter((t) => t.w >= 0).map((t) => [t.start - start, t.end - start]);
    const base = result.url.replace(/#.*$/, '');
    return {
      anchor: best.anchor,
      heading: best.heading,
      url: best.anchor && best.si > 0 ? `${base}#${encodeURIComponent(best.anchor)}` : result.url,
      text: text.slice(start, end),
      before: start > 0,
      after: end < text.length,
      marks,
    };
  }

  // fragment returns document doc's file.
  fragment(doc) {
    let p = this.fragments.get(doc);
    if (!p) {
      p = this.get(`f/${doc}.json`).then((r) => r.json());
      p.catch(() => this.fragments.delete(doc));
      this.fragments.set(doc, p);
    }
    return p;
  }
}

// goLowerFold is a word's spelling for prefixes and typos: folded to
// ASCII, in lower case (as the index's English terms are spelled).
function goLowerFold(an, w) {
  return an.foldText(w).toLowerCase();
}
