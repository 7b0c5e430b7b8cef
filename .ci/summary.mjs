// Adds up vitest JSON reports into the closing line "N passed, M failed, K skipped",
// naming each failed test (file, title, first line of its message) just above it, so
// the tail of a CI log says what failed even when the rest of the log is cut.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const where = relative(process.cwd(), suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const why = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`FAILED ${where} > ${test.fullName}\n  ${why}`);
    }
    // A file that failed to load has no tests to name: say so from its own message.
    if (suite.status === 'failed' && failedTests.length === 0 && suite.message) {
      failures.push(`FAILED ${where}\n  ${String(suite.message).split('\n')[0].slice(0, 300)}`);
    }
  }
}
for (const line of failures) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
