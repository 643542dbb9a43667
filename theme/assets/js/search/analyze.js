// Query analysis, the same as the index builder's document analysis
// (internal/site/searchindex/analyze.go and fold.go): words are runs of letters
// and numbers, lowercased and folded to ASCII, 2 to 32 characters long.

export const minTokenRunes = 2;
export const maxTokenRunes = 32;

// foldTable is internal/site/searchindex/fold.go's table.
const foldTable = new Map(Object.entries({
  'ä': 'ae', 'ö': 'oe', 'ü': 'ue', 'ß': 'ss',
  'à': 'a', 'á': 'a', 'â': 'a', 'ã': 'a', 'å': 'a', 'ā': 'a', 'ă': 'a', 'ą': 'a',
  'æ': 'ae', 'ç': 'c', 'ć': 'c', 'ĉ': 'c', 'ċ': 'c', 'č': 'c', 'ď': 'd', 'đ': 'd', 'ð': 'd',
  'è': 'e', 'é': 'e', 'ê': 'e', 'ë': 'e', 'ē': 'e', 'ĕ': 'e', 'ė': 'e', 'ę': 'e', 'ě': 'e',
  'ĝ': 'g', 'ğ': 'g', 'ġ': 'g', 'ģ': 'g', 'ĥ': 'h', 'ħ': 'h',
  'ì': 'i', 'í': 'i', 'î': 'i', 'ï': 'i', 'ĩ': 'i', 'ī': 'i', 'ĭ': 'i', 'į': 'i', 'ı': 'i',
  'ĳ': 'ij', 'ĵ': 'j', 'ķ': 'k', 'ĺ': 'l', 'ļ': 'l', 'ľ': 'l', 'ŀ': 'l', 'ł': 'l',
  'ñ': 'n', 'ń': 'n', 'ņ': 'n', 'ň': 'n',
  'ò': 'o', 'ó': 'o', 'ô': 'o', 'õ': 'o', 'ø': 'o', 'ō': 'o', 'ŏ': 'o', 'ő': 'o', 'œ': 'oe',
  'ŕ': 'r', 'ŗ': 'r', 'ř': 'r', 'ś': 's', 'ŝ': 's', 'ş': 's', 'š': 's', 'ſ': 's',
  'ţ': 't', 'ť': 't', 'ŧ': 't', 'þ': 'th',
  'ù': 'u', 'ú': 'u', 'û': 'u', 'ũ': 'u', 'ū': 'u', 'ŭ': 'u', 'ů': 'u', 'ű': 'u', 'ų': 'u',
  'ŵ': 'w', 'ý': 'y', 'ÿ': 'y', 'ŷ': 'y', 'ź': 'z', 'ż': 'z', 'ž': 'z',
  'ﬀ': 'ff', 'ﬁ': 'fi', 'ﬂ': 'fl', 'ﬃ': 'ffi', 'ﬄ': 'ffl', 'ﬅ': 'st', 'ﬆ': 'st',
}));

const wordChar = /^[\p{L}\p{N}]$/u;
const markChar = /^\p{M}$/u;
const combiningDiaeresis = '\u0308';

// tokenize returns the words of s, lowercased and folded.
export function tokenize(s) {
  return tokenSpans(s).map((t) => t.text);
}

// tokenSpans returns the words of s as tokenize does, each with where it
// stands in s: { text, start, end } (UTF-16 offsets, end exclusive), so
// that an excerpt can mark the words a query matched.
export function tokenSpans(s) {
  const out = [];
  let buf = '';
  let runes = 0;
  let start = -1;
  let at = 0;
  const flush = (end) => {
    if (runes >= minTokenRunes && runes <= maxTokenRunes) out.push({ text: buf, start, end });
    buf = '';
    runes = 0;
    start = -1;
  };
  // mark handles a combining mark: a diaeresis after a, o or u spells an
  // umlaut; other marks are dropped.
  const mark = (ch) => {
    if (ch === combiningDiaeresis && runes > 0 && /[aou]$/.test(buf)) {
      buf += 'e';
      runes++;
    }
  };
  for (const ch of s) {
    if (wordChar.test(ch)) {
      if (start < 0) start = at;
      // Lowercase one character at a time, like Go's unicode.ToLower; the
      // one character whose lowercase is longer (İ → i + U+0307) ends in
      // a combining mark, which is dropped.
      for (const lc of ch.toLowerCase()) {
        if (markChar.test(lc)) {
          mark(lc);
          continue;
        }
        const f = foldTable.get(lc);
        if (f !== undefined) {
          buf += f;
          runes += f.length;
        } else {
          buf += lc;
          runes++;
        }
      }
    } else if (markChar.test(ch)) {
      mark(ch);
    } else {
      flush(at);
    }
    at += ch.length;
  }
  flush(at);
  return out;
}
