// A Vitest reporter for `npm test` (scripts/test-all.mjs): writes what Vitest's JSON report leaves out to the file
// named by VH_RUN_ERRORS_FILE: the errors raised outside any test (a worker that ended, an unhandled rejection), the
// test files that never finished, and why the run ended. A CI log is often read from its end only, and a file that
// did not finish has no message of its own in the JSON report.
import fs from 'node:fs';

function firstLines(text, count) {
  return String(text ?? '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, count)
    .join('\n');
}

function causes(error) {
  const chain = [];
  for (let e = error; e && typeof e === 'object' && chain.length < 4; e = e.cause) chain.push(e);
  return chain;
}

export default class RunErrorsReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const file = process.env.VH_RUN_ERRORS_FILE;
    if (!file) return;
    const unfinished = testModules
      .filter((m) => m.state() === 'pending' || m.state() === 'queued')
      .map((m) => m.moduleId);
    const errors = unhandledErrors.map((e) => ({
      // With its causes: a worker that ended says how only in its error's cause.
      message: causes(e)
        .map((c) => firstLines(`${c.name ?? 'Error'}: ${c.message ?? ''}`, 2))
        .join(' ← '),
      stack: firstLines(e.stack, 6),
      // Vitest names the test file that was running when the error was raised.
      during: e.VITEST_TEST_PATH ?? null,
    }));
    fs.writeFileSync(file, JSON.stringify({ reason, unfinished, errors }, null, 2));
  }
}
