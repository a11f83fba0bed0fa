// Reading a Vitest JSON report (`--reporter=json`), shared by the CI summaries.

/**
 * Tests that passed only on a retry: Vitest keeps the failure of the attempt before on a test
 * that then passed (the browser suite retries once).
 */
export function listRetriedTests(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).filter((test) => test.status === 'passed' && test.failureMessages?.length),
  );
}

/** Whether the run failed: a failed test or file, or Vitest's own verdict. */
export function isFailedRun(report) {
  return (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) > 0 || report.success === false;
}
