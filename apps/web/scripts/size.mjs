// Sums the gzip size of the JavaScript a browser loads for `/` before any lazy import: the entry script of
// dist/index.html, its modulepreloads and, recursively, their static imports. Fails above the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = Number(process.env.SIZE_BUDGET_KB ?? 200);
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const indexFile = path.join(dist, 'index.html');
if (!fs.existsSync(indexFile)) {
  console.error('dist/index.html is missing; run `npm run build -w apps/web` first.');
  process.exit(2);
}
const html = fs.readFileSync(indexFile, 'utf8');

const roots = new Set();
for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) roots.add(match[1]);
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) roots.add(match[1]);
if (roots.size === 0) {
  console.error('No entry script found in dist/index.html.');
  process.exit(2);
}

/** Static imports only: `import … from "x"`, `import "x"` and `export … from "x"`, never `import("x")`. */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

const seen = new Map();
function visit(url, fromFile) {
  const file = url.startsWith('/')
    ? path.join(dist, url)
    : path.resolve(path.dirname(fromFile ?? indexFile), url);
  if (seen.has(file)) return;
  const code = fs.readFileSync(file);
  seen.set(file, { raw: code.length, gzip: zlib.gzipSync(code, { level: 9 }).length });
  for (const match of code.toString('utf8').matchAll(STATIC_IMPORT)) visit(match[1], file);
}
for (const root of roots) visit(root);

let raw = 0;
let gzip = 0;
for (const [file, size] of seen) {
  raw += size.raw;
  gzip += size.gzip;
  console.log(`${(size.gzip / 1024).toFixed(1).padStart(8)} KB gz  ${path.relative(dist, file)}`);
}
const gzipKb = gzip / 1024;
console.log(
  `Initial JS for / (signed out): ${gzipKb.toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw, ${seen.size} files); budget ${BUDGET_KB} KB`,
);
if (gzipKb > BUDGET_KB) {
  console.error(`Over budget by ${(gzipKb - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
