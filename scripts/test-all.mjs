#!/usr/bin/env node
// `npm test`: every test runner in turn (Vitest projects: contracts, server, web; then Playwright end to end),
// then one closing line with the totals: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-data', 'reports');
fs.mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
// What failed, by name, printed again just above the totals: a CI log is often read from its end only.
const failures = [];
let exitCode = 0;

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    exitCode = 1;
    failures.push(`${label}: exit code ${res.status ?? res.signal}`);
  }
  return res.status ?? 1;
}

/**
 * Runs the commands at the same time; prints each one's output in one piece, in the given order, once it has
 * ended (so that the log does not interleave them), and records a failure as `run` does. Resolves to each one's
 * exit status, in that order.
 */
async function runSideBySide(commands) {
  console.log(`\n▶ side by side: ${commands.map(([label]) => label).join(', ')}`);
  const runs = commands.map(([label, command, args]) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const ended = new Promise((resolve) => {
      const end = (status) => resolve({ status, seconds: Math.round((Date.now() - started) / 1000) });
      child.on('error', (error) => {
        output.push(Buffer.from(`${error.message}\n`));
        end(1);
      });
      child.on('close', (code, signal) => end(code ?? (signal ? 1 : 0)));
    });
    return { label, command, args, output, ended };
  });
  const statuses = [];
  for (const { label, command, args, output, ended } of runs) {
    const { status, seconds } = await ended;
    console.log(`\n▶ ${label}: ${command} ${args.join(' ')} (exit ${status}, ${seconds} s)`);
    process.stdout.write(Buffer.concat(output));
    if (status !== 0) {
      exitCode = 1;
      failures.push(`${label}: exit code ${status}`);
    }
    statuses.push(status);
  }
  return statuses;
}

/**
 * The failed tests and the files that failed outside a test (an import or a hook), from a Vitest JSON report; then
 * what the JSON report leaves out, from scripts/vitest-run-errors.mjs's file: the errors raised outside any test
 * (a worker that ended, an unhandled rejection) and why a file did not finish.
 */
function vitestFailures(report, label, runErrors) {
  const unfinished = new Set(runErrors?.unfinished ?? []);
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed)
      failures.push(`${label} ${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) {
      const why =
        firstLine(file.message) ||
        (unfinished.has(file.name)
          ? 'did not finish: its worker ended or the run was cut short (the errors outside a test say which)'
          : '');
      failures.push(`${label} ${name}: ${why}`);
    }
  }
  for (const error of runErrors?.errors ?? []) {
    const during = error.during ? ` while ${path.relative(root, error.during)} ran` : '';
    const stack = error.stack
      .split('\n')
      .slice(1)
      .map((line) => `\n      ${line.trim()}`);
    failures.push(
      `${label}: error outside a test${during}: ${error.message.replace(/\s*\n\s*/g, ' ')}${stack.join('')}`,
    );
  }
}

/** The `vitest run` arguments of one run: the given reporter, and the JSON and run-errors reports written to `out`. */
function vitestArgs(name, reporter, extra = []) {
  const report = path.join(out, `${name}.json`);
  const errors = path.join(out, `${name}-errors.json`);
  fs.rmSync(report, { force: true });
  fs.rmSync(errors, { force: true });
  return {
    args: [
      'vitest',
      'run',
      ...extra,
      `--reporter=${reporter}`,
      '--reporter=json',
      '--reporter=./scripts/vitest-run-errors.mjs',
      `--outputFile.json=${report}`,
    ],
    env: { VH_RUN_ERRORS_FILE: errors },
    read: () => [readJson(report), readJson(errors)],
  };
}

/**
 * A worker ended by a native crash: V8 aborts the process (SIGTRAP) when its bookkeeping of WebAssembly code pages
 * goes wrong, which PGlite's instances, opened and closed by the hundred, set off now and then on Node 24
 * (nodejs/node#64500; ADR 0053). Not a signal a test sends, nor an out-of-memory kill (SIGKILL).
 */
const NATIVE_CRASH = /Worker exited unexpectedly with signal (SIGTRAP|SIGSEGV|SIGABRT|SIGBUS|SIGILL)\b/;
/** What npm test re-ran after such a crash, printed above the totals. */
const reruns = [];

/**
 * One `vitest run` (vitestArgs). When the only thing that went wrong is that native crashes ended workers, the
 * files they left unfinished run once more, on their own; their results stand for the lost ones, and the re-run is
 * reported. Anything else (a failed test, an error of the tests' own) is left as it is.
 */
function runVitest(label, name, reporter, extra, env) {
  const first = vitestArgs(name, reporter, extra);
  console.log(`\n▶ ${label}: npx ${first.args.join(' ')}`);
  const res = spawnSync('npx', first.args, { cwd: root, stdio: 'inherit', env: { ...env, ...first.env } });
  const [report, runErrors] = first.read();
  const crashed = runErrors?.unfinished ?? [];
  const onlyCrashes =
    report &&
    crashed.length > 0 &&
    runErrors.errors.length > 0 &&
    runErrors.errors.every((error) => NATIVE_CRASH.test(error.message)) &&
    (report.testResults ?? []).every((file) => file.status !== 'failed' || crashed.includes(file.name));
  if (!onlyCrashes) return { status: res.status ?? 1, report, runErrors };
  const files = crashed.map((file) => path.relative(root, file));
  const crash = runErrors.errors.map((error) => error.message.replace(/\s*\n\s*/g, ' ')).join('; ');
  console.log(
    `\n▶ ${label}: ${files.join(', ')} once more, alone: a native crash ended its worker (${crash})`,
  );
  const again = vitestArgs(`${name}-again`, reporter, extra);
  const rerun = spawnSync('npx', [...again.args, ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...again.env },
  });
  const [second, secondErrors] = again.read();
  reruns.push(`${label}: ${files.join(', ')}: ${crash}; again: exit ${rerun.status ?? rerun.signal}`);
  if (!second) return { status: rerun.status ?? 1, report, runErrors };
  const sum = (key) => (report[key] ?? 0) + (second[key] ?? 0);
  return {
    status: rerun.status ?? 1,
    report: {
      ...second,
      numPassedTests: sum('numPassedTests'),
      numFailedTests: sum('numFailedTests'),
      numPendingTests: sum('numPendingTests'),
      numTodoTests: sum('numTodoTests'),
      testResults: [
        ...(report.testResults ?? []).filter((file) => !crashed.includes(file.name)),
        ...(second.testResults ?? []),
      ],
    },
    runErrors: secondErrors,
  };
}

/** The unexpected results of a Playwright JSON report, with their project (viewport). */
function playwrightFailures(report) {
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const error = t.results?.at(-1)?.error?.message;
        failures.push(
          `playwright [${t.projectName}] ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
}

// eslint-disable-next-line no-control-regex -- the reports keep the terminal's colour codes
const COLOUR_CODES = /\u001b\[[0-9;]*m/g;

function firstLine(text) {
  const line =
    String(text ?? '')
      .replace(COLOUR_CODES, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 200);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// 1. Vitest: unit, API (PGlite, or PostgreSQL when DATABASE_URL is set) and web component tests.
const {
  status: vitestStatus,
  report: v,
  runErrors: vitestErrors,
} = runVitest('vitest', 'vitest', 'default', [], process.env);
if (vitestStatus !== 0) {
  exitCode = 1;
  failures.push(`vitest: exit code ${vitestStatus}`);
}
if (v) {
  vitestFailures(v, 'vitest', vitestErrors);
  totals.passed += v.numPassedTests ?? 0;
  totals.failed +=
    (v.numFailedTests ?? 0) + (v.numFailedTestSuites && !v.numFailedTests ? v.numFailedTestSuites : 0);
  totals.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else if (vitestStatus !== 0) {
  totals.failed += 1;
}

// 1b. With DATABASE_URL the API tests above ran on PostgreSQL; run them on the embedded PGlite too.
if (process.env.DATABASE_URL) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const {
    status,
    report: r,
    runErrors: pgliteErrors,
  } = runVitest('vitest (server on PGlite)', 'vitest-pglite', 'dot', ['--project', 'server'], env);
  if (r) {
    vitestFailures(r, 'vitest (PGlite)', pgliteErrors);
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  if (status !== 0) {
    exitCode = 1;
    if (!r?.numFailedTests) totals.failed += 1;
    if (!r) failures.push(`vitest (PGlite): exit code ${status}, no report`);
  }
}

// 1c. Static checks: types, lint and format, each counted as one check. Each runs on one core (ESLint's typed
// rules build their own TypeScript program, and its `--concurrency` builds one per thread: no faster here), so
// they run side by side: lint alone takes as long as the other two together (ADR 0028, amendment).
for (const status of await runSideBySide([
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
])) {
  if (status === 0) totals.passed += 1;
  else totals.failed += 1;
}

// 2. The production build of the web app, its JavaScript budget and `npx cap sync` of the native projects.
if (fs.existsSync(path.join(root, 'apps/web/vite.config.ts'))) {
  const buildStatus = run('web build', 'npm', ['run', 'build', '-w', 'apps/web']);
  if (buildStatus !== 0) totals.failed += 1;
  else {
    if (fs.existsSync(path.join(root, 'apps/web/scripts/size.mjs'))) {
      if (run('bundle budget', 'npm', ['run', 'size', '-w', 'apps/web']) === 0) totals.passed += 1;
      else totals.failed += 1;
    }
    // 2b. The iOS and Android projects take the build and the plugins (offline; Gradle/Xcode do not run here).
    if (fs.existsSync(path.join(root, 'apps/web/capacitor.config.ts'))) {
      if (run('cap sync', 'npm', ['run', 'cap:sync', '-w', 'apps/web']) === 0) totals.passed += 1;
      else totals.failed += 1;
    }
  }
}

// 3. Playwright end to end against the real server, the built web app and the embedded provider.
if (fs.existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  const pwReport = path.join(root, 'e2e/test-results/results.json');
  fs.rmSync(pwReport, { force: true });
  const status = run('playwright', 'npm', ['test', '-w', 'e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport });
  const p = readJson(pwReport);
  if (p?.stats) {
    playwrightFailures(p);
    totals.passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
    totals.failed += p.stats.unexpected ?? 0;
    totals.skipped += p.stats.skipped ?? 0;
    if (status !== 0 && !p.stats.unexpected) totals.failed += 1;
  } else if (status !== 0) {
    totals.failed += 1;
  }
}

if (totals.failed > 0) exitCode = 1;
if (reruns.length > 0) {
  console.log(`\nRun once more after a native crash ended their worker (${reruns.length}):`);
  for (const r of reruns) console.log(`  ↻ ${r}`);
}
if (failures.length > 0) {
  console.log(`\nWhat failed (${failures.length}):`);
  for (const f of failures) console.log(`  ✗ ${f}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
