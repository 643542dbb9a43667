// Words: internal/textan/words.go in JavaScript. Unicode word boundaries
// (UAX #29) as the catalog cuts text: letters and digits run together, a
// word continues across an apostrophe, a full stop or a colon between
// letters and across a full stop, comma or apostrophe between digits, and
// across underscores; a Han or Hiragana character is a word of its own;
// combining marks and format characters belong to the character before
// them. The vectors tests hold both to the same output.

const OTHER = 0;
const LETTER = 1;
const HEBREW = 2;
const NUMERIC = 3;
const KATAKANA = 4;
const HAN = 5;
const HIRAGANA = 6;
const EXTEND_NUM_LET = 7;
const MID_LETTER = 8;
const MID_NUM_LET = 9;
const MID_NUM = 10;
const SINGLE_QUOTE = 11;
const DOUBLE_QUOTE = 12;
const HANGUL_SYMBOL = 13;
const EXTEND = 14;
const NEWLINE = 15;

const special = new Map();
const set = (cls, cps) => cps.forEach((c) => special.set(c, cls));
set(SINGLE_QUOTE, [0x27]);
set(DOUBLE_QUOTE, [0x22]);
set(NEWLINE, [0x0a, 0x0d, 0x0b, 0x0c, 0x85, 0x2028, 0x2029]);
set(MID_LETTER, [0x3a, 0xb7, 0x2d7, 0x387, 0x5f4, 0x2027, 0xfe13, 0xfe55, 0xff1a]);
set(MID_NUM_LET, [0x2e, 0x2018, 0x2019, 0x2024, 0xfe52, 0xff07, 0xff0e]);
set(MID_NUM, [0x2c, 0x3b, 0x37e, 0x589, 0x60c, 0x60d, 0x66c, 0x7f8, 0x2044, 0xfe10, 0xfe14, 0xfe50, 0xfe54, 0xff0c, 0xff1b]);
set(EXTEND_NUM_LET, [0x5f, 0x203f, 0x2040, 0x2054, 0xfe33, 0xfe34, 0xfe4d, 0xfe4e, 0xfe4f, 0xff3f]);
set(EXTEND, [0x200c, 0x200d]);
set(OTHER, [0x200b, 0x202f]);
set(LETTER, [0x5f3]);
set(NUMERIC, [0x66b]);
set(KATAKANA, [0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x309b, 0x309c, 0x30a0, 0x30fc, 0xff70]);

const reExtend = /^[\p{Mn}\p{Me}\p{Mc}\p{Cf}]$/u;
const reNd = /^\p{Nd}$/u;
const reKatakana = /^\p{Script=Katakana}$/u;
const reHiragana = /^\p{Script=Hiragana}$/u;
const reHan = /^\p{Script=Han}$/u;
const reIdeographic = /^\p{Ideographic}$/u;
const reHangul = /^\p{Script=Hangul}$/u;
const reLetter = /^\p{L}$/u;
const reSA = /^[\p{Script=Thai}\p{Script=Lao}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Tai_Le}\p{Script=New_Tai_Lue}\p{Script=Tai_Tham}\p{Script=Tai_Viet}\p{Script=Ahom}]$/u;
const reHebrewLo = /^(?=\p{Script=Hebrew})\p{Lo}$/u;
const reAlphabetic = /^[\p{L}\p{Nl}\p{Alphabetic}]$/u;

const classes = new Map();

// classOf returns the word break class of the code point cp (see
// words.go's classOf).
function classOf(cp) {
  const s = special.get(cp);
  if (s !== undefined) return s;
  if (cp < 0x80) {
    if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a)) return LETTER;
    if (cp >= 0x30 && cp <= 0x39) return NUMERIC;
    return OTHER;
  }
  let c = classes.get(cp);
  if (c !== undefined) return c;
  const ch = String.fromCodePoint(cp);
  if (reExtend.test(ch)) c = EXTEND;
  else if (reNd.test(ch)) c = cp >= 0xff10 && cp <= 0xff19 ? OTHER : NUMERIC;
  else if (reKatakana.test(ch)) c = KATAKANA;
  else if (reHiragana.test(ch)) c = HIRAGANA;
  else if (reHan.test(ch)) c = reLetter.test(ch) && !reIdeographic.test(ch) ? LETTER : HAN;
  else if (reIdeographic.test(ch)) c = OTHER;
  else if (reHangul.test(ch)) c = reLetter.test(ch) ? LETTER : HANGUL_SYMBOL;
  else if (reSA.test(ch)) c = OTHER;
  else if (reHebrewLo.test(ch)) c = HEBREW;
  else if (reAlphabetic.test(ch)) c = LETTER;
  else c = OTHER;
  classes.set(cp, c);
  return c;
}

// unitAt returns [class, length] of the character at i (UTF-16 index)
// with the combining marks and format characters after it.
function unitAt(text, i) {
  const cp = text.codePointAt(i);
  const c = classOf(cp);
  let n = cp > 0xffff ? 2 : 1;
  if (c === NEWLINE) return [c, n];
  while (i + n < text.length) {
    const next = text.codePointAt(i + n);
    if (next < 0x80 || classOf(next) !== EXTEND) break;
    n += next > 0xffff ? 2 : 1;
  }
  return [c, n];
}

const isLetter = (c) => c === LETTER || c === HEBREW;

function midJoins(text, j, prev, mid) {
  if (j >= text.length) return false;
  const [next] = unitAt(text, j);
  switch (mid) {
    case MID_LETTER:
      return isLetter(prev) && isLetter(next);
    case MID_NUM:
      return prev === NUMERIC && next === NUMERIC;
    case MID_NUM_LET:
    case SINGLE_QUOTE:
      return (isLetter(prev) && isLetter(next)) || (prev === NUMERIC && next === NUMERIC);
    case DOUBLE_QUOTE:
      return prev === HEBREW && next === HEBREW;
    default:
      return false;
  }
}

function wordEnd(text, i) {
  let end = i;
  let prev = OTHER;
  let kata = false;
  let afterMid = false;
  while (i < text.length) {
    const [c, n] = unitAt(text, i);
    switch (c) {
      case EXTEND_NUM_LET:
        break;
      case KATAKANA:
        if (prev !== OTHER && prev !== EXTEND_NUM_LET && !kata) return end;
        kata = true;
        break;
      case LETTER:
      case HEBREW:
      case NUMERIC:
        if (kata && prev !== EXTEND_NUM_LET) return end;
        kata = false;
        break;
      case MID_LETTER:
      case MID_NUM_LET:
      case MID_NUM:
      case SINGLE_QUOTE:
      case DOUBLE_QUOTE: {
        if (kata || !midJoins(text, i + n, prev, c) || (c === DOUBLE_QUOTE && afterMid)) {
          if (c === SINGLE_QUOTE && prev === HEBREW && !afterMid) {
            i += n;
            end = i;
            prev = SINGLE_QUOTE;
            continue;
          }
          return end;
        }
        const fresh = c === SINGLE_QUOTE && prev === HEBREW && !afterMid;
        const [c2, n2] = unitAt(text, i + n);
        i += n + n2;
        end = i;
        prev = c2;
        afterMid = !fresh;
        if (c === DOUBLE_QUOTE) prev = NEWLINE;
        continue;
      }
      default:
        return end;
    }
    i += n;
    end = i;
    prev = c;
    afterMid = false;
  }
  return end;
}

// words returns the words of text: [{ text, start, end, pos }] with UTF-16
// offsets (end exclusive) and 1-based positions.
export function words(text) {
  const out = [];
  let pos = 0;
  const emit = (start, end) => out.push({ text: text.slice(start, end), start, end, pos: ++pos });
  let i = 0;
  while (i < text.length) {
    const [c, n] = unitAt(text, i);
    switch (c) {
      case HAN:
      case HIRAGANA:
        emit(i, i + n);
        i += n;
        continue;
      case HANGUL_SYMBOL: {
        let end = i + n;
        while (end < text.length) {
          const [c2, n2] = unitAt(text, end);
          if (c2 !== HANGUL_SYMBOL) break;
          end += n2;
        }
        emit(i, end);
        i = end;
        continue;
      }
      case KATAKANA:
      case LETTER:
      case HEBREW:
      case NUMERIC:
      case EXTEND_NUM_LET: {
        const end = wordEnd(text, i);
        emit(i, end);
        i = end;
        continue;
      }
      default:
        i += n;
    }
  }
  return out;
}
