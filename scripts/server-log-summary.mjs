// Reads the browser suite's server log (pino JSON lines) and prints what a failed or retried
// test needs first: requests that never completed, the slowest requests, and warnings and errors.
// With the suite's Vitest JSON report it prints only when a test failed or passed on its retry.
// Never fails: it only adds to a report.
// Usage: node scripts/server-log-summary.mjs e2e/.artifacts/server.log [e2e report.json]
import fs from 'node:fs';
import { isFailedRun, listRetriedTests } from './vitest-report.mjs';

const LINES_PER_PART = 15;
const [logPath, reportPath] = process.argv.slice(2);

/** Whether the report shows a failed test, or one that passed only on its retry (an unreadable report counts). */
function hasTrouble(path) {
  try {
    const report = JSON.parse(fs.readFileSync(path, 'utf8'));
    return isFailedRun(report) || listRetriedTests(report).length > 0;
  } catch {
    return true;
  }
}

if (reportPath && !hasTrouble(reportPath)) process.exit(0);
if (!logPath || !fs.existsSync(logPath)) {
  console.log(`server log: none at ${logPath ?? '(none given)'}`);
  process.exit(0);
}
const started = new Map();
const completed = [];
const problems = [];
for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    continue;
  }
  const at = Number.isFinite(entry.time) ? new Date(entry.time).toISOString().slice(11, 23) : '?';
  if (entry.msg === 'incoming request' && entry.req) {
    started.set(entry.reqId, `${at} ${entry.req.method} ${entry.req.url}`);
  } else if (entry.msg === 'request completed' && started.has(entry.reqId)) {
    completed.push({ ms: entry.responseTime, text: `${started.get(entry.reqId)} -> ${entry.res?.statusCode}` });
    started.delete(entry.reqId);
  } else if (entry.level >= 40) {
    problems.push(
      `${at} ${entry.level >= 50 ? 'ERROR' : 'WARN'} ${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim(),
    );
  }
}
const show = (title, rows) => {
  console.log(`server log: ${title} (${rows.length})`);
  for (const row of rows.slice(-LINES_PER_PART)) console.log(`  ${row.slice(0, 240)}`);
};
// Static files a closing page stopped loading are left out: they are never the cause.
show(
  'requests that never completed (static files left out)',
  [...started.values()].filter((text) => !text.includes(' /assets/')),
);
show(
  'slowest requests',
  completed
    .sort((a, b) => a.ms - b.ms)
    .slice(-LINES_PER_PART)
    .map((row) => `${Math.round(row.ms)} ms  ${row.text}`),
);
show('warnings and errors, the last ones', problems);
