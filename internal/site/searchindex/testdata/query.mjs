// Runs queries against an index on disk with the browser's engine and
// prints one JSON line per query: the result names, the total and what the
// query fetched (files and bytes), each query on a fresh, cold index.
// With --excerpt, the first result's excerpt is printed too (and fetched).
//   node query.mjs INDEX_DIR/index.json [--limit N] [--excerpt] QUERY...
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { openIndex } from '../../../../theme/assets/js/search/engine.js';

const args = process.argv.slice(2);
const manifest = pathToFileURL(resolve(args.shift())).href;
let limit = 10;
if (args[0] === '--limit') {
  args.shift();
  limit = Number(args.shift());
}
let excerpt = false;
if (args[0] === '--excerpt') {
  args.shift();
  excerpt = true;
}

for (const query of args) {
  const fetched = [];
  let bytes = 0;
  const fetch = async (url) => {
    const u = new URL(url);
    const path = fileURLToPath(new URL(u.pathname, u));
    let data;
    try {
      data = readFileSync(path);
    } catch {
      return { ok: false, status: 404 };
    }
    fetched.push(path.slice(path.lastIndexOf('/search/') + 1));
    bytes += data.length;
    const buf = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    return {
      ok: true, status: 200, arrayBuffer: async () => buf,
      json: async () => JSON.parse(data.toString('utf8')), text: async () => data.toString('utf8'),
    };
  };
  const index = await openIndex(manifest, { fetch });
  const res = await index.search(query, { limit });
  const ex = excerpt && res.results.length ? await index.excerpt(res.results[0]) : null;
  console.log(JSON.stringify({
    excerpt: ex,
    query,
    total: res.total,
    names: res.results.map((r) => r.name),
    urls: res.results.map((r) => r.url),
    bytes,
    files: fetched,
  }));
}
