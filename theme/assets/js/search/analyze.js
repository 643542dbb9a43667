// Query analysis: internal/textan in JavaScript, the analysis the how_do_i
// catalog routes with and the index was written with. The steps are
// ported here; everything that is data (the folding table, stop and
// filler words, the glossary, the compound words, the thesaurus, the
// separable verb particles, the cognate rules) comes from the index
// (a.json, textan.Data), so that there is one vocabulary, lore's and the
// project's. The vectors tests (internal/site/searchindex) hold every
// step to the Go original.
import { words } from './words.js';
import { stemEnglish } from './stem.js';

export { words };

// utf8Length returns the length of s in UTF-8 bytes (Go measures strings
// so).
export function utf8Length(s) {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

// lowerChar lowers one character as Go's unicode.ToLower does (the simple
// mapping: İ → i).
function lowerChar(ch) {
  const l = ch.toLowerCase();
  return l.length === ch.length ? l : String.fromCodePoint(l.codePointAt(0));
}

// goLower is Go's strings.ToLower: every character lowered alone.
export function goLower(s) {
  let out = '';
  for (const ch of s) out += lowerChar(ch);
  return out;
}

// lower lowers a word as textan's lower does (bleve's lower-case filter):
// a capital sigma that ends the word becomes ς; once a character's lower
// case needs more UTF-8 bytes than the character, the rest is lowered by
// goLower.
export function lower(w) {
  let out = '';
  const chars = [...w];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const l = lowerChar(ch);
    if (l === ch) out += ch;
    else if (utf8Length(l) > utf8Length(ch)) return out + goLower(chars.slice(i).join(''));
    else if (l === 'σ' && i === chars.length - 1) out += 'ς';
    else out += l;
  }
  return out;
}

// normalize folds German spellings of a lower-case word (textan's
// normalize): ä, ö, ü → a, o, u; ß → ss; ae, oe, ue → a, o, u, but not
// after a u that follows a vowel or q.
export function normalize(w) {
  const PLAIN = 0;
  const VOWEL = 1;
  const UMLAUT = 2;
  let state = PLAIN;
  let out = '';
  for (let ch of w) {
    switch (ch) {
      case 'a':
      case 'o':
        state = UMLAUT;
        break;
      case 'u':
        state = state === PLAIN ? UMLAUT : VOWEL;
        break;
      case 'e': {
        const drop = state === UMLAUT;
        state = VOWEL;
        if (drop) continue;
        break;
      }
      case 'i':
      case 'q':
      case 'y':
        state = VOWEL;
        break;
      case 'ä':
        ch = 'a';
        state = VOWEL;
        break;
      case 'ö':
        ch = 'o';
        state = VOWEL;
        break;
      case 'ü':
        ch = 'u';
        state = VOWEL;
        break;
      case 'ß':
        out += 's';
        ch = 's';
        state = PLAIN;
        break;
      default:
        state = PLAIN;
    }
    out += ch;
  }
  return out;
}

const accents = new Map(Object.entries({
  'ä': 'a', 'à': 'a', 'á': 'a', 'â': 'a', 'ö': 'o', 'ò': 'o', 'ó': 'o', 'ô': 'o',
  'ï': 'i', 'ì': 'i', 'í': 'i', 'î': 'i', 'ü': 'u', 'ù': 'u', 'ú': 'u', 'û': 'u',
}));
const stEnding = (ch) => 'bdfghklmnt'.includes(ch);
const endsWith = (rs, min, suffix) => rs.length > min && rs.length >= suffix.length && rs.slice(rs.length - suffix.length).join('') === suffix;

// stemGerman is the light German stemmer (textan's stem) of a normalised
// word.
export function stemGerman(w) {
  let rs = [...w].map((ch) => accents.get(ch) ?? ch);
  let n = rs.length;
  if (endsWith(rs, 5, 'ern')) rs = rs.slice(0, n - 3);
  else if (endsWith(rs, 4, 'em') || endsWith(rs, 4, 'en') || endsWith(rs, 4, 'er') || endsWith(rs, 4, 'es')) rs = rs.slice(0, n - 2);
  else if (endsWith(rs, 3, 'e')) rs = rs.slice(0, n - 1);
  else if (endsWith(rs, 3, 's') && stEnding(rs[n - 2])) rs = rs.slice(0, n - 1);
  n = rs.length;
  if (endsWith(rs, 5, 'est')) rs = rs.slice(0, n - 3);
  else if (endsWith(rs, 4, 'er') || endsWith(rs, 4, 'en')) rs = rs.slice(0, n - 2);
  else if (endsWith(rs, 4, 'st') && stEnding(rs[n - 3])) rs = rs.slice(0, n - 2);
  return rs.join('');
}

// dropPossessive removes an English possessive ending ('s, ’s, ＇s).
function dropPossessive(w) {
  if (!w.endsWith('s') && !w.endsWith('S')) return w;
  const p = w.slice(0, -1);
  return /['’＇]$/.test(p) ? p.slice(0, -1) : w;
}

const hasGermanLetter = (s) => /[äöüßÄÖÜ]/.test(s);
const allDigits = (s) => /^[0-9]+$/.test(s);

function appendNew(list, v) {
  if (!list.includes(v)) list.push(v);
  return list;
}

// lemmaCandidates is textan's lemmaCandidates: the dictionary forms a
// normalised German word may come from (adjective and participle endings,
// -ung nouns and their verbs, zu-infinitives of separable verbs,
// imperatives with e → i or ie), for the glossary to decide; lengths in
// UTF-8 bytes, as Go measures. particles are the separable particles,
// longest first.
export function lemmaCandidates(n, particles) {
  const out = [];
  const add = (c) => {
    if (utf8Length(c) >= 3 && c !== n) appendNew(out, c);
  };
  adjectiveLemmas(n, add);
  ungLemmas(n, add);
  for (const p of particles) {
    if (!n.startsWith(p + 'zu')) continue;
    const rest = n.slice(p.length + 2);
    if (utf8Length(rest) >= 4 && rest.endsWith('en')) add(p + rest);
  }
  imperativeLemma(n, add);
  return out;
}

const cutSuffix = (s, suf) => (s.endsWith(suf) ? s.slice(0, s.length - suf.length) : null);

function adjectiveLemmas(n, add) {
  for (const end of ['eren', 'erer', 'eres', 'erem', 'ere', 'en', 'er', 'es', 'em', 'e']) {
    const base = cutSuffix(n, end);
    if (base !== null && utf8Length(base) >= 4) {
      add(base);
      const v = cutSuffix(base, 'end');
      if (v !== null && utf8Length(v) >= 3) add(v + 'en');
      break;
    }
  }
  const v = cutSuffix(n, 'end');
  if (v !== null && utf8Length(v) >= 3) add(v + 'en');
}

function ungLemmas(n, add) {
  let stem = cutSuffix(n, 'ungen');
  if (stem === null) stem = cutSuffix(n, 'ung');
  if (stem !== null) {
    if (utf8Length(stem) >= 3) {
      add(stem + 'en');
      add(stem + 'n');
      const k = stem.length - 1;
      if (k > 0 && (stem[k] === 'l' || stem[k] === 'r') && !'aeiou'.includes(stem[k - 1])) {
        add(stem.slice(0, k) + 'e' + stem.slice(k) + 'n');
      }
    }
    return;
  }
  if (n.endsWith('eln')) {
    add(n.slice(0, -3) + 'lung');
    add(n.slice(0, -1) + 'ung');
  } else if (n.endsWith('ern')) {
    add(n.slice(0, -1) + 'ung');
  } else if (n.endsWith('en') && utf8Length(n) >= 6) {
    add(n.slice(0, -2) + 'ung');
  }
}

function imperativeLemma(n, add) {
  if (n.endsWith('en') || n.endsWith('e')) return;
  const lastVowel = Math.max(...[...'aeiou'].map((v) => n.lastIndexOf(v)));
  const k = n.lastIndexOf('ie');
  if (k >= 0 && k === lastVowel - 1) {
    add(n.slice(0, k) + 'e' + n.slice(k + 2) + 'en');
  } else if (lastVowel >= 0 && n[lastVowel] === 'i') {
    add(n.slice(0, lastVowel) + 'e' + n.slice(lastVowel + 1) + 'en');
  }
}

// Analysis analyses queries with the data of one index (textan.Data).
export class Analysis {
  constructor(data) {
    this.data = data;
    this.fold = new Map();
    for (const [to, from] of Object.entries(data.fold)) for (const ch of from) this.fold.set(ch, to);
    this.stopEN = new Set(data.stopEN);
    this.stopDE = new Set(data.stopDE);
    this.fillers = new Set(data.fillers);
    this.glossary = new Map(Object.entries(data.glossary));
    this.dict = new Set(data.compounds);
    this.thesaurus = new Map(Object.entries(data.thesaurus));
    this.limits = data.limits;
    // The separable particles, longest first (in UTF-8 bytes, as Go
    // measures), then in order: "heraus" before "her".
    this.particles = [...data.separable].sort((a, b) => utf8Length(b) - utf8Length(a) || (a < b ? -1 : a > b ? 1 : 0));
    this.memoEN = new Map();
    this.memoDE = new Map();
  }

  // addFold adds foldings to the table: groups maps a folding to the
  // characters that fold to it (the index's a-fold.json).
  addFold(groups) {
    for (const [to, from] of Object.entries(groups)) for (const ch of from) this.fold.set(ch, to);
    this.foldComplete = true;
  }

  // lacksFold reports whether text holds a character beyond ASCII that the
  // fold table may lack (the table of a.json holds the Latin letters; see
  // addFold).
  lacksFold(text) {
    if (this.foldComplete || !/[^\x00-\x7f]/.test(text)) return false;
    for (const ch of text) {
      const c = ch.codePointAt(0);
      if (c >= 0x80 && !this.fold.has(ch) && !(c < 0x250 || (c >= 0x1e00 && c < 0x1f00))) return true;
    }
    return false;
  }

  // foldText folds text to ASCII (textan.Fold).
  foldText(text) {
    if (!/[^\x00-\x7f]/.test(text)) return text;
    let out = '';
    for (const ch of text) out += this.fold.get(ch) ?? ch;
    return out;
  }

  // englishTerm is textan.EnglishTerm: possessive, lower case, stop
  // words, Snowball stemming; '' for a stop word.
  englishTerm(word) {
    let t = this.memoEN.get(word);
    if (t === undefined) {
      const w = lower(dropPossessive(word));
      t = this.stopEN.has(w) ? '' : stemEnglish(w);
      this.memoEN.set(word, t);
    }
    return t;
  }

  // head is Compounds.Head: the dictionary word a normalised compound
  // ends in after a modifier, or ''.
  head(w) {
    const { minCompound, minCompoundPart, minModifier } = this.limits;
    const rs = [...w];
    if (rs.length < minCompound) return '';
    for (let i = minModifier; i + minCompoundPart <= rs.length; i++) {
      if (this.data.verbPrefixes.includes(rs.slice(0, i).join(''))) continue;
      const rest = rs.slice(i).join('');
      for (const inf of this.data.inflections) {
        if (rest.length - inf.length < minCompoundPart || !rest.endsWith(inf)) continue;
        const h = rest.slice(0, rest.length - inf.length);
        if (this.dict.has(h)) return h;
      }
    }
    return '';
  }

  // germanTerms is Compounds.GermanTerms: [stem, head's stem] of a word,
  // [] for a stop word.
  germanTerms(word) {
    let t = this.memoDE.get(word);
    if (t === undefined) {
      const w = lower(word);
      if (this.stopDE.has(w)) t = [];
      else {
        const n = normalize(w);
        t = [stemGerman(n)];
        const h = this.head(n);
        if (h) t.push(stemGerman(h));
      }
      this.memoDE.set(word, t);
    }
    return t;
  }

  // english returns the English terms of text with their words'
  // positions: [{ term, pos }] (textan.English).
  english(text) {
    const out = [];
    for (const w of words(this.foldText(text))) {
      const t = this.englishTerm(w.text);
      if (t) out.push({ term: t, pos: w.pos });
    }
    return out;
  }

  // german returns the German terms of text (Compounds.German).
  german(text) {
    const out = [];
    for (const w of words(text)) for (const t of this.germanTerms(w.text)) out.push({ term: t, pos: w.pos });
    return out;
  }

  // variants is textan's variants: n without one verb ending, and
  // without a participle's ge- (lengths in UTF-8 bytes, as Go measures).
  variants(n) {
    const out = [n];
    const len = utf8Length(n);
    for (const suf of this.data.verbEndings) {
      if (len > suf.length + 3 && n.endsWith(suf)) out.push(n.slice(0, n.length - suf.length));
    }
    if (n.startsWith('ge') && len > 6) out.push(...this.variants(n.slice(2)));
    return out;
  }

  // lookupForm returns the English terms of a normalised German word, of
  // one of its variants or of one of its other forms (lemmaCandidates), or
  // null (textan's lookupForm).
  lookupForm(n) {
    const tr = this.lookupVariants(n);
    if (tr) return tr;
    for (const c of lemmaCandidates(n, this.particles)) {
      const t = this.lookupVariants(c);
      if (t) return t;
    }
    return null;
  }

  // lookupVariants returns the English terms of a normalised German word
  // or of one of its variants, or null.
  lookupVariants(n) {
    for (const c of this.variants(n)) {
      const s = this.glossary.get(stemGerman(c));
      if (s) return s;
      const t = this.glossary.get(c);
      if (t) return t;
    }
    return null;
  }

  // split cuts a normalised compound into glossary words (textan's
  // split; lengths in code points).
  split(n) {
    const { minCompoundPart: minPart, minModifier } = this.limits;
    const rs = [...n];
    if (rs.length < 2 * minPart) return null;
    // Only the head (the last part) carries an inflection ending, and
    // only its other forms are looked up.
    const known = (p, head) => (head ? this.lookupForm(p) : this.lookupVariants(p)) !== null;
    const best = new Array(rs.length + 1).fill(null);
    best[rs.length] = [];
    for (let i = rs.length - minPart; i >= 0; i--) {
      for (let k = i + minPart; k <= rs.length; k++) {
        if (best[k] === null) continue;
        const tryPart = (part) => {
          if (!known(part, k === rs.length)) return;
          const cand = [part, ...best[k]];
          if (best[i] === null || cand.length < best[i].length) best[i] = cand;
        };
        tryPart(rs.slice(i, k).join(''));
        if (k < rs.length) {
          for (const link of this.data.links) {
            if (k - link.length - i >= minPart && rs.slice(k - link.length, k).join('') === link) {
              tryPart(rs.slice(i, k - link.length).join(''));
            }
          }
        }
      }
    }
    if (best[0] && best[0].length >= 2) return best[0];
    for (let j = minModifier; j + minPart <= rs.length; j++) {
      if (best[j] && best[j].length > 0 && !this.data.verbPrefixes.includes(rs.slice(0, j).join(''))) return best[j];
    }
    return null;
  }

  // renderings is Analysis.Renderings: the English terms of a German
  // word, one group per meaning, and whether it was split.
  renderings(word) {
    const n = normalize(lower(word));
    const tr = this.lookupForm(n);
    if (tr) return { groups: [tr], split: false };
    const parts = this.split(n);
    if (!parts) return { groups: [], split: false };
    return { groups: parts.map((p) => this.lookupForm(p)), split: true };
  }

  // related is Analysis.Related.
  related(t) {
    return this.thesaurus.get(t) ?? [];
  }

  // separableVerb is Analysis.separableVerb: the verb particle p and verb
  // form v make when the glossary knows it, the joined form or else its
  // infinitive (um + setze → umsetzen); '' when it does not.
  separableVerb(p, v) {
    const joined = p + v;
    if (this.lookupForm(normalize(lower(joined))) !== null) return joined;
    if (joined.endsWith('n')) return '';
    const inf = joined.endsWith('e') ? joined + 'n' : joined + 'en';
    return this.lookupForm(normalize(lower(inf))) !== null ? inf : '';
  }

  // joinSeparableVerbs is Analysis.JoinSeparableVerbs.
  joinSeparableVerbs(text) {
    const toks = words(text);
    if (toks.length < 2) return text;
    const endsClause = (k) => {
      if (k + 1 === toks.length) return true;
      const rest = text.slice(toks[k].end, toks[k + 1].start).trim();
      return (rest !== '' && ',.;:!?'.includes(rest[0])) || this.data.conjunctions.includes(goLower(toks[k + 1].text));
    };
    const edits = [];
    let start = 0;
    for (let k = 0; k < toks.length; k++) {
      if (!endsClause(k)) continue;
      const p = goLower(toks[k].text);
      if (this.data.separable.includes(p)) {
        for (let v = start; v < k; v++) {
          const joined = this.separableVerb(p, goLower(toks[v].text));
          if (joined !== '') {
            edits.push({ verb: v, particle: k, joined });
            break;
          }
        }
      }
      start = k + 1;
    }
    if (edits.length === 0) return text;
    let out = '';
    let last = 0;
    for (const e of edits) {
      const vt = toks[e.verb];
      const pt = toks[e.particle];
      out += text.slice(last, vt.start) + e.joined + text.slice(vt.end, pt.start);
      last = pt.end;
    }
    return out + text.slice(last);
  }

  // request is Analysis.Request: the words of a query with their terms:
  // [{ raw, en, de: [], number }].
  request(text) {
    const input = this.joinSeparableVerbs(text);
    const ws = words(input).map((w) => ({ raw: goLower(w.text), en: '', de: [], number: false }));
    const at = (pos) => (pos >= 1 && pos <= ws.length ? ws[pos - 1] : null);
    for (const t of this.english(input)) {
      const w = at(t.pos);
      if (w) w.en = t.term;
    }
    for (const t of this.german(input)) {
      const w = at(t.pos);
      if (w) appendNew(w.de, t.term);
    }
    for (const w of ws) {
      if (this.fillers.has(w.raw)) {
        w.en = '';
        w.de = [];
      }
      w.number = allDigits(w.raw);
    }
    return ws;
  }

  // germanOnly: the glossary renders raw as other words than en.
  germanOnly(raw, en) {
    const { groups, split } = this.renderings(raw);
    if (groups.length === 0 || split) return false;
    return !groups[0].includes(en);
  }

  // language is Analysis.Language: 'en', 'de' or ''.
  language(ws) {
    let score = 0;
    let glossed = 0;
    for (const w of ws) {
      const enStop = w.en === '';
      const deStop = w.de.length === 0;
      if (enStop && !deStop) score--;
      else if (deStop && !enStop) score++;
      if (hasGermanLetter(w.raw)) score += 2;
      if (!enStop && !deStop && this.germanOnly(w.raw, w.en)) glossed++;
    }
    if (score === 0) score = glossed;
    return score > 0 ? 'de' : score < 0 ? 'en' : '';
  }

  // keepLanguage is textan.KeepLanguage.
  static keepLanguage(ws, lang) {
    for (const w of ws) {
      const enStop = w.en === '';
      const deStop = w.de.length === 0;
      if (lang === 'en' || enStop) w.de = [];
      if (deStop && lang !== 'en') w.en = '';
      if (w.number) {
        w.en = w.raw;
        w.de = [];
      }
    }
  }

  // cognates is textan.Cognates: English spellings of a German word.
  cognates(word) {
    const w = goLower(word);
    const n = w.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss');
    if ([...n].length < this.limits.minCognate || !/^[a-z]*$/.test(n)) return [];
    let stems = [{ stem: n, end: '' }];
    for (const e of this.data.cognates) {
      if (n.endsWith(e.de) && n.length - e.de.length >= 3) {
        const s = n.slice(0, n.length - e.de.length);
        stems = e.en.map((en) => ({ stem: s, end: en }));
        break;
      }
    }
    const out = [];
    for (const s of stems) {
      for (const sp of this.spellings(s.stem)) {
        const c = sp + s.end;
        if (c !== w && c !== n) appendNew(out, c);
      }
    }
    return out;
  }

  spellings(s) {
    const out = [s];
    for (const [de, en] of this.data.cognateLetters) {
      if (!s.includes(de)) continue;
      const n = out.length;
      for (let i = 0; i < n; i++) out.push(out[i].split(de).join(en));
    }
    return out;
  }

  // cognateTerms is textan.CognateTerms: the English terms of the
  // cognates.
  cognateTerms(word) {
    const out = [];
    for (const c of this.cognates(word)) for (const t of this.english(c)) appendNew(out, t.term);
    return out;
  }

  // query analyses a query as the catalog analyses an intent: its words
  // (request), its language, the terms each word keeps in it, and for
  // each word its renderings and related terms: { lang, words: [{ raw,
  // en, de, number, trans, split, groups, related, plural, base }] }.
  query(text) {
    const ws = this.request(text);
    const lang = this.language(ws);
    Analysis.keepLanguage(ws, lang);
    for (const w of ws) this.expand(w, lang);
    return { lang, words: ws };
  }

  // expand gives w its renderings (a German word in a query not known to
  // be English), the letters of a word ending in digits, the other number
  // of an acronym and the related terms (search's expand, without what
  // depends on the index: cognates and typos are the engine's).
  expand(w, lang) {
    w.trans = [];
    w.groups = [];
    w.split = false;
    if (lang !== 'en' && w.de.length > 0) {
      const { groups, split } = this.renderings(w.raw);
      w.split = split;
      for (const terms of groups) {
        for (const t of terms) if (t !== w.en) appendNew(w.trans, t);
        w.groups.push(terms);
      }
    }
    w.base = '';
    const b = w.en.replace(/[0-9]+$/, '');
    if (b.length >= 2 && b !== w.en && /^[a-z]+$/.test(b)) w.base = b;
    w.plural = acronymPlural(w.en);
    w.related = [];
    const from = w.trans.length > 0 ? w.trans : [w.en];
    for (const t of from) {
      for (const r of this.related(t)) if (r !== w.en && !w.trans.includes(r)) appendNew(w.related, r);
    }
  }
}

// acronymPlural is search's acronymPlural: llm ↔ llms.
export function acronymPlural(t) {
  if (t.length < 2 || /[aeiouy0-9]/.test(t) || !/^[a-z]+$/.test(t)) return '';
  if (t.endsWith('s')) return t.length >= 3 ? t.slice(0, -1) : '';
  return `${t}s`;
}
