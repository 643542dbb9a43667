// Checks the JavaScript analysis against the vectors the Go side wrote:
//   node check-vectors.mjs stem FILE.tsv
//   node check-vectors.mjs analyze FILE.jsonl
// Prints "<n> … vectors agree" or lists the disagreements and exits 1.
import { readFileSync } from 'node:fs';
import { stemEnglish, stemGerman } from '../../../../theme/assets/js/search/stem.js';
import { tokenize } from '../../../../theme/assets/js/search/analyze.js';

const [kind, file] = process.argv.slice(2);
const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
const bad = [];
for (const line of lines) {
  if (kind === 'stem') {
    const [word, en, de] = line.split('\t');
    const got = [stemEnglish(word), stemGerman(word)];
    if (got[0] !== en || got[1] !== de) bad.push(`${word}: js ${got.join(' ')}, go ${en} ${de}`);
  } else if (kind === 'analyze') {
    const v = JSON.parse(line);
    const got = tokenize(v.in).map((t) => [t, stemEnglish(t), stemGerman(t)]);
    if (JSON.stringify(got) !== JSON.stringify(v.tokens)) {
      bad.push(`${JSON.stringify(v.in)}:\n  js ${JSON.stringify(got)}\n  go ${JSON.stringify(v.tokens)}`);
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
