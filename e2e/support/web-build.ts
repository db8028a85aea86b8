/** Builds the web app (`npm run build -w apps/web`) when its dist is missing or older than its sources. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './server.ts';

const WEB = path.join(REPO_ROOT, 'apps/web');
const DIST_INDEX = path.join(WEB, 'dist/index.html');
/** What the build reads: the app's sources and config, and the shared contracts. */
const SOURCES = [
  path.join(WEB, 'src'),
  path.join(WEB, 'public'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'package.json'),
  path.join(WEB, 'tsconfig.json'),
  path.join(REPO_ROOT, 'packages/contracts/src'),
];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function viteConfigs(): string[] {
  try {
    return fs
      .readdirSync(WEB)
      .filter((name) => /^vite\.config\./.test(name))
      .map((name) => path.join(WEB, name));
  } catch {
    return [];
  }
}

export function webBuildIsStale(): boolean {
  if (!fs.existsSync(DIST_INDEX)) return true;
  const built = fs.statSync(DIST_INDEX).mtimeMs;
  const newestSource = Math.max(...[...SOURCES, ...viteConfigs()].map(newestMtime));
  return newestSource > built;
}

/** Returns false (and says why) when there is nothing buildable yet; throws when the build fails. */
export function ensureWebBuild(): boolean {
  if (!fs.existsSync(path.join(WEB, 'index.html'))) {
    console.warn('[e2e] apps/web/index.html does not exist yet: skipping the web build.');
    return false;
  }
  if (process.env.E2E_SKIP_BUILD) {
    console.warn('[e2e] E2E_SKIP_BUILD is set: using apps/web/dist as it is.');
    return fs.existsSync(DIST_INDEX);
  }
  if (!webBuildIsStale()) return true;
  console.log('[e2e] building the web app (npm run build -w apps/web) …');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The web build failed (exit code ${result.status}).`);
  return true;
}
