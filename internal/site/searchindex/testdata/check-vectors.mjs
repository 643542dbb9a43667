// Checks the JavaScript analysis against the vectors the Go side wrote:
//   node check-vectors.mjs stem FILE.tsv a.json a-fold.json
//   node check-vectors.mjs analyze FILE.jsonl a.json a-fold.json
//   node check-vectors.mjs render FILE.tsv a.json a-fold.json
// a.json and a-fold.json are the analysis data (textan.Data) the index
// carries, and the rest of its fold table.
// Prints "<n> … vectors agree" or lists the disagreements and exits 1.
import { readFileSync } from 'node:fs';
import { Analysis } from '../../../../theme/assets/js/search/analyze.js';

const [kind, file, dataFile, foldFile] = process.argv.slice(2);
const an = new Analysis(JSON.parse(readFileSync(dataFile, 'utf8')));
an.addFold(JSON.parse(readFileSync(foldFile, 'utf8')));
const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
const bad = [];
for (const line of lines) {
  if (kind === 'stem') {
    const [word, en, de] = line.split('\t');
    const got = [an.english(word).map((t) => t.term).join(' '), an.germanTerms(word).join(' ')];
    if (got[0] !== en || got[1] !== de) bad.push(`${word}: js ${got.join(' | ')}, go ${en} | ${de}`);
  } else if (kind === 'render') {
    const [word, split, groups] = line.split('\t');
    const r = an.renderings(word);
    const got = [String(r.split), JSON.stringify(r.groups)];
    if (got[0] !== split || got[1] !== groups) bad.push(`${word}: js ${got.join(' ')}, go ${split} ${groups}`);
  } else if (kind === 'analyze') {
    const v = JSON.parse(line);
    const q = an.query(v.in);
    const got = {
      in: v.in,
      english: an.english(an.foldText(v.in)).map((t) => t.term).join(' '),
      german: an.german(v.in).map((t) => t.term),
      lang: q.lang,
      words: q.words.map((w) => ({
        raw: w.raw, en: w.en, de: w.de, number: w.number, trans: w.trans, groups: w.groups,
        split: w.split, related: w.related, base: w.base, plural: w.plural,
      })),
    };
    if (JSON.stringify(got) !== JSON.stringify(v)) {
      bad.push(`${JSON.stringify(v.in)}:\n  js ${JSON.stringify(got)}\n  go ${JSON.stringify(v)}`);
    }
  } else {
    throw new Error(`unknown kind ${kind}`);
  }
}
if (bad.length > 0) {
  console.log(`${bad.length} of ${lines.length} ${kind} vectors disagree:\n${bad.slice(0, 50).join('\n')}`);
  process.exit(1);
}
console.log(`${lines.length} ${kind} vectors agree`);
