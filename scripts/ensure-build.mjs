#!/usr/bin/env node
// Runs before `npm start` and `npm run bench`: builds the web app when there is no build or the sources are newer than it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

if (!fs.existsSync(path.join(web, 'vite.config.ts'))) process.exit(0);
const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(root, 'packages/contracts/src'),
];
const newestSource = Math.max(
  ...sources
    .filter((p) => fs.existsSync(p))
    .map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)),
);
if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestSource) process.exit(0);
console.log('Building the web app …');
const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
