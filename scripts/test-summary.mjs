// Reads a Vitest JSON report, prints "<label>: N passed, N failed" and fails when the run
// failed or executed no test at all (a runner that finds nothing is a failure here).
import fs from 'node:fs';
import { isFailedRun, listRetriedTests } from './vitest-report.mjs';

const [reportPath, label = 'tests'] = process.argv.slice(2);
if (!reportPath || !fs.existsSync(reportPath)) {
  console.error(`${label}: no report at ${reportPath ?? '(none given)'}`);
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
const passed = report.numPassedTests ?? 0;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${label}: ${passed} passed, ${report.numFailedTests ?? 0} failed${skipped ? `, ${skipped} skipped` : ''}`);
for (const test of listRetriedTests(report)) {
  console.log(`${label}: passed on its retry: ${test.fullName}`);
  console.log(`  first failure: ${String(test.failureMessages[0]).split('\n')[0]}`);
}
if (passed === 0) {
  console.error(`${label}: no test ran`);
  process.exit(1);
}
if (isFailedRun(report)) process.exit(1);
