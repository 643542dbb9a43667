// The Snowball runtime, ported from github.com/blevesearch/snowballstem
// (env.go, among.go, util.go) so that the stemmers translated from Go run
// unchanged: like the Go runtime it works on the UTF-8 bytes of the word,
// with byte cursors and the same boundary rules.

/*! The Snowball stemmers (https://snowballstem.org), BSD-3-Clause:
 * Copyright (c) 2001, Dr Martin Porter
 * Copyright (c) 2004,2005, Richard Boulton
 * Copyright (c) 2013, Yoshiki Shibukawa
 * Copyright (c) 2006,2007,2009,2010,2011,2014-2019, Olly Betts
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 *
 *   1. Redistributions of source code must retain the above copyright notice,
 *      this list of conditions and the following disclaimer.
 *   2. Redistributions in binary form must reproduce the above copyright notice,
 *      this list of conditions and the following disclaimer in the documentation
 *      and/or other materials provided with the distribution.
 *   3. Neither the name of the Snowball project nor the names of its contributors
 *      may be used to endorse or promote products derived from this software
 *      without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR
 * ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
 * (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
 * LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
 * ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encoded = new Map();

// bytesOf returns the UTF-8 bytes of a string literal of the stemmers.
function bytesOf(s) {
  let b = encoded.get(s);
  if (b === undefined) {
    b = Array.from(encoder.encode(s));
    encoded.set(s, b);
  }
  return b;
}

// among prepares an among table: its strings become byte arrays.
export function among(entries) {
  return entries.map((e) => ({ Str: bytesOf(e.Str), A: e.A, B: e.B, F: e.F }));
}

function onCharBoundary(cur, pos) {
  if (pos <= 0 || pos >= cur.length) return true;
  return (cur[pos] & 0xc0) !== 0x80;
}

const runeError = 0xfffd;

// decodeRune decodes the UTF-8 sequence at pos like utf8.DecodeRuneInString:
// an invalid or truncated sequence (and U+FFFD itself) gives runeError.
function decodeRune(cur, pos) {
  if (pos >= cur.length) return runeError;
  const b0 = cur[pos];
  if (b0 < 0x80) return b0;
  let n, cp;
  if (b0 >= 0xc2 && b0 <= 0xdf) { n = 1; cp = b0 & 0x1f; }
  else if (b0 >= 0xe0 && b0 <= 0xef) { n = 2; cp = b0 & 0x0f; }
  else if (b0 >= 0xf0 && b0 <= 0xf4) { n = 3; cp = b0 & 0x07; }
  else return runeError;
  for (let i = 1; i <= n; i++) {
    const b = cur[pos + i];
    if (b === undefined || (b & 0xc0) !== 0x80) return runeError;
    cp = (cp << 6) | (b & 0x3f);
  }
  if ((n === 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n === 3 && (cp < 0x10000 || cp > 0x10ffff))) {
    return runeError;
  }
  return cp;
}

function hasPrefixAt(cur, pos, s) {
  if (pos < 0 || pos + s.length > cur.length) return false;
  for (let i = 0; i < s.length; i++) {
    if (cur[pos + i] !== s[i]) return false;
  }
  return true;
}

export class Env {
  constructor(value) {
    this.current = Array.from(encoder.encode(value));
    this.Cursor = 0;
    this.Limit = this.current.length;
    this.LimitBackward = 0;
    this.Bra = 0;
    this.Ket = this.current.length;
  }

  Current() {
    return decoder.decode(Uint8Array.from(this.current));
  }

  ReplaceS(bra, ket, str) {
    const s = bytesOf(str);
    const adjustment = s.length - (ket - bra);
    const rsplit = ket < bra ? bra : ket;
    this.current = this.current.slice(0, bra).concat(s, this.current.slice(rsplit));
    this.Limit += adjustment;
    if (this.Cursor >= ket) {
      this.Cursor += adjustment;
    } else if (this.Cursor > bra) {
      this.Cursor = bra;
    }
    return adjustment;
  }

  EqS(str) {
    if (this.Cursor >= this.Limit) return false;
    const s = bytesOf(str);
    if (hasPrefixAt(this.current, this.Cursor, s)) {
      this.Cursor += s.length;
      while (!onCharBoundary(this.current, this.Cursor)) this.Cursor++;
      return true;
    }
    return false;
  }

  EqSB(str) {
    const s = bytesOf(str);
    if (this.Cursor - this.LimitBackward < s.length) return false;
    if (!onCharBoundary(this.current, this.Cursor - s.length) || !hasPrefixAt(this.current, this.Cursor - s.length, s)) {
      return false;
    }
    this.Cursor -= s.length;
    return true;
  }

  SliceFrom(s) {
    this.ReplaceS(this.Bra, this.Ket, s);
    return true;
  }

  SliceDel() {
    return this.SliceFrom('');
  }

  NextChar() {
    this.Cursor++;
    while (!onCharBoundary(this.current, this.Cursor)) this.Cursor++;
  }

  PrevChar() {
    this.Cursor--;
    while (!onCharBoundary(this.current, this.Cursor)) this.Cursor--;
  }

  ByteIndexForHop(delta) {
    let res = this.Cursor;
    if (delta > 0) {
      while (delta > 0) {
        res++;
        delta--;
        while (res <= this.current.length && !onCharBoundary(this.current, res)) res++;
      }
    } else if (delta < 0) {
      while (delta < 0) {
        res--;
        delta++;
        while (res >= 0 && !onCharBoundary(this.current, res)) res--;
      }
    }
    return res;
  }

  InGrouping(chars, min, max) {
    if (this.Cursor >= this.Limit) return false;
    let r = decodeRune(this.current, this.Cursor);
    if (r === runeError) return false;
    if (r > max || r < min) return false;
    r -= min;
    if ((chars[r >> 3] & (1 << (r & 7))) === 0) return false;
    this.NextChar();
    return true;
  }

  InGroupingB(chars, min, max) {
    if (this.Cursor <= this.LimitBackward) return false;
    this.PrevChar();
    let r = decodeRune(this.current, this.Cursor);
    if (r === runeError) return false;
    this.NextChar();
    if (r > max || r < min) return false;
    r -= min;
    if ((chars[r >> 3] & (1 << (r & 7))) === 0) return false;
    this.PrevChar();
    return true;
  }

  OutGrouping(chars, min, max) {
    if (this.Cursor >= this.Limit) return false;
    let r = decodeRune(this.current, this.Cursor);
    if (r === runeError) return false;
    if (r > max || r < min) {
      this.NextChar();
      return true;
    }
    r -= min;
    if ((chars[r >> 3] & (1 << (r & 7))) === 0) {
      this.NextChar();
      return true;
    }
    return false;
  }

  OutGroupingB(chars, min, max) {
    if (this.Cursor <= this.LimitBackward) return false;
    this.PrevChar();
    let r = decodeRune(this.current, this.Cursor);
    if (r === runeError) return false;
    this.NextChar();
    if (r > max || r < min) {
      this.PrevChar();
      return true;
    }
    r -= min;
    if ((chars[r >> 3] & (1 << (r & 7))) === 0) {
      this.PrevChar();
      return true;
    }
    return false;
  }

  Insert(bra, ket, s) {
    const adjustment = this.ReplaceS(bra, ket, s);
    if (bra <= this.Bra) this.Bra += adjustment;
    if (bra <= this.Ket) this.Ket += adjustment;
  }

  SliceTo() {
    return decoder.decode(Uint8Array.from(this.current.slice(this.Bra, this.Ket)));
  }

  FindAmong(amongs, ctx) {
    let i = 0;
    let j = amongs.length;
    const c = this.Cursor;
    const l = this.Limit;
    let commonI = 0;
    let commonJ = 0;
    let firstKeyInspected = false;
    for (;;) {
      const k = i + ((j - i) >> 1);
      let diff = 0;
      let common = Math.min(commonI, commonJ);
      const w = amongs[k];
      for (let lvar = common; lvar < w.Str.length; lvar++) {
        if (c + common === l) {
          diff--;
          break;
        }
        diff = this.current[c + common] - w.Str[lvar];
        if (diff !== 0) break;
        common++;
      }
      if (diff < 0) {
        j = k;
        commonJ = common;
      } else {
        i = k;
        commonI = common;
      }
      if (j - i <= 1) {
        if (i > 0) break;
        if (j === i) break;
        if (firstKeyInspected) break;
        firstKeyInspected = true;
      }
    }
    for (;;) {
      const w = amongs[i];
      if (commonI >= w.Str.length) {
        this.Cursor = c + w.Str.length;
        if (w.F !== null) {
          const res = w.F(this, ctx);
          this.Cursor = c + w.Str.length;
          if (res) return w.B;
        } else {
          return w.B;
        }
      }
      i = w.A;
      if (i < 0) return 0;
    }
  }

  FindAmongB(amongs, ctx) {
    let i = 0;
    let j = amongs.length;
    const c = this.Cursor;
    const lb = this.LimitBackward;
    let commonI = 0;
    let commonJ = 0;
    let firstKeyInspected = false;
    for (;;) {
      const k = i + ((j - i) >> 1);
      let diff = 0;
      let common = Math.min(commonI, commonJ);
      const w = amongs[k];
      for (let lvar = w.Str.length - common - 1; lvar >= 0; lvar--) {
        if (c - common === lb) {
          diff--;
          break;
        }
        diff = this.current[c - common - 1] - w.Str[lvar];
        if (diff !== 0) break;
        common++;
      }
      if (diff < 0) {
        j = k;
        commonJ = common;
      } else {
        i = k;
        commonI = common;
      }
      if (j - i <= 1) {
        if (i > 0) break;
        if (j === i) break;
        if (firstKeyInspected) break;
        firstKeyInspected = true;
      }
    }
    for (;;) {
      const w = amongs[i];
      if (commonI >= w.Str.length) {
        this.Cursor = c - w.Str.length;
        if (w.F !== null) {
          const res = w.F(this, ctx);
          this.Cursor = c - w.Str.length;
          if (res) return w.B;
        } else {
          return w.B;
        }
      }
      i = w.A;
      if (i < 0) return 0;
    }
  }
}
