// The JavaScript a browser really transfers, measured on the precompressed copies the server sends
// (scripts/compress.mjs writes `.br` and `.gz`; @fastify/static `preCompressed` serves them with Content-Encoding):
//
// 1. Signed out `/`: the entry script of dist/index.html, its modulepreloads and, recursively, their static
//    imports (no lazy import). Fails above SIZE_BUDGET_KB (gzip, default 200).
// 2. Signed-in dashboard, first paint: (1) plus the dashboard's first screen (src/app/screens/FirstScreen.tsx,
//    shared/ui/first-screen.ts), the dashboard's requests (features/dashboard/api/prefetch.ts) and their query
//    client (app/query-client.ts), with their static imports, from the build's chunk graph
//    (dist/.vite/manifest.json): on the web the dashboard is drawn by it before the shell loads (ADR 0027
//    amendment of 2026-11-28, afternoon). Issue 14's target is 170 KB gzip; SIZE_DASHBOARD_BUDGET_KB (default
//    164: 157 KB measured, plus headroom) keeps it from growing again. The same path may take at most
//    SIZE_DASHBOARD_MAX_FILES files (default 14: 12 measured): on a slow line each wave of requests costs a round
//    trip, and a browser opens six connections to a server speaking HTTP/1.1 (the first screen's modules are one
//    chunk, apps/web/vite.config.ts, ADR 0027 amendment of 2026-11-29).
// 3. The shell that takes over after the first paint: (2) plus the lazily loaded shell (src/app/AppShell.tsx) and
//    dashboard page (src/features/dashboard/pages/DashboardPage.tsx) with their static imports. SIZE_SHELL_BUDGET_KB
//    (default 272: 267 KB measured, plus headroom) is its ratchet.
// A compressible JS file of 1 KB or more without its .gz copy fails the check: it would be sent uncompressed.
import fs from 'node:fs';
import path from 'node:path';

const BUDGET_KB = Number(process.env.SIZE_BUDGET_KB ?? 200);
const DASHBOARD_TARGET_KB = 170;
const DASHBOARD_BUDGET_KB = Number(process.env.SIZE_DASHBOARD_BUDGET_KB ?? 164);
const DASHBOARD_MAX_FILES = Number(process.env.SIZE_DASHBOARD_MAX_FILES ?? 14);
const SHELL_BUDGET_KB = Number(process.env.SIZE_SHELL_BUDGET_KB ?? 272);
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

const problems = [];
/** Bytes on the wire: the .gz / .br copy when there is one, else the file itself (sent uncompressed). */
function wire(file) {
  const raw = fs.statSync(file).size;
  const size = (suffix) => (fs.existsSync(file + suffix) ? fs.statSync(file + suffix).size : null);
  const gz = size('.gz');
  const br = size('.br');
  if (gz === null && raw >= 1024)
    problems.push(`${path.relative(dist, file)} has no .gz copy (sent uncompressed)`);
  return { raw, gzip: gz ?? raw, brotli: br ?? gz ?? raw };
}

function closure(startUrls) {
  const seen = new Map();
  const visit = (url, fromFile) => {
    const file = url.startsWith('/')
      ? path.join(dist, url)
      : path.resolve(path.dirname(fromFile ?? indexFile), url);
    if (seen.has(file)) return;
    seen.set(file, wire(file));
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) visit(match[1], file);
  };
  for (const url of startUrls) visit(url);
  return seen;
}

const kb = (n) => (n / 1024).toFixed(1);
function report(title, files, budget) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const [file, size] of files) {
    raw += size.raw;
    gzip += size.gzip;
    brotli += size.brotli;
    console.log(
      `${kb(size.gzip).padStart(8)} KB gz ${kb(size.brotli).padStart(7)} KB br  ${path.relative(dist, file)}`,
    );
  }
  console.log(
    `${title}: ${kb(gzip)} KB gzip, ${kb(brotli)} KB brotli (${kb(raw)} KB raw, ${files.size} files); budget ${budget} KB gzip`,
  );
  return gzip / 1024;
}

const signedOut = closure(roots);
const outKb = report('Initial JS for / (signed out)', signedOut, BUDGET_KB);
let failed = outKb > BUDGET_KB;
if (failed) console.error(`Signed out: over budget by ${(outKb - BUDGET_KB).toFixed(1)} KB.`);

const manifestFile = path.join(dist, '.vite/manifest.json');
if (fs.existsSync(manifestFile)) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const chunk = (key) => {
    if (!manifest[key]) throw new Error(`${key} is not a chunk of the build (dist/.vite/manifest.json)`);
    return `/${manifest[key].file}`;
  };
  // What the start-up asks for before the first screen can show (app/Bootstrap.tsx, preloadSignedIn): the first
  // screen, the dashboard's requests and the query client they fill.
  const firstScreen = [
    chunk('src/app/screens/FirstScreen.tsx'),
    chunk('src/features/dashboard/api/prefetch.ts'),
    chunk('src/app/query-client.ts'),
  ];
  const shell = [chunk('src/app/AppShell.tsx'), chunk('src/features/dashboard/pages/DashboardPage.tsx')];
  console.log('');
  const dashboard = closure([...roots, ...firstScreen]);
  const dashKb = report(
    `JS for the signed-in dashboard's first paint (target ${DASHBOARD_TARGET_KB} KB)`,
    dashboard,
    DASHBOARD_BUDGET_KB,
  );
  if (dashKb > DASHBOARD_BUDGET_KB) {
    console.error(`Dashboard: over budget by ${(dashKb - DASHBOARD_BUDGET_KB).toFixed(1)} KB.`);
    failed = true;
  }
  if (dashboard.size > DASHBOARD_MAX_FILES) {
    console.error(`Dashboard: ${dashboard.size} files for the first paint, at most ${DASHBOARD_MAX_FILES}.`);
    failed = true;
  }
  console.log('');
  const withShell = closure([...roots, ...firstScreen, ...shell]);
  const shellKb = report(
    'JS for the signed-in shell that takes over after it, all in',
    withShell,
    SHELL_BUDGET_KB,
  );
  if (shellKb > SHELL_BUDGET_KB) {
    console.error(`Shell: over budget by ${(shellKb - SHELL_BUDGET_KB).toFixed(1)} KB.`);
    failed = true;
  }
} else {
  console.log('dist/.vite/manifest.json is missing: no dashboard measurement (rebuild the web app).');
}
for (const problem of problems) console.error(problem);
if (failed || problems.length > 0) process.exit(1);
