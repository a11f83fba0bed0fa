// Reads the browser suite's server log (pino JSON lines) and prints what a failed run needs
// first: requests that never completed, the slowest requests, and warnings and errors.
// Usage: node scripts/server-log-summary.mjs e2e/.artifacts/server.log [lines per part]
import fs from 'node:fs';

const [logPath, perPart = '15'] = process.argv.slice(2);
if (!logPath || !fs.existsSync(logPath)) {
  console.log(`server log: none at ${logPath ?? '(none given)'}`);
  process.exit(0);
}
const limit = Number(perPart);
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
  const at = new Date(entry.time).toISOString().slice(11, 23);
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
  for (const row of rows.slice(-limit)) console.log(`  ${row.slice(0, 240)}`);
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
    .slice(-limit)
    .map((row) => `${Math.round(row.ms)} ms  ${row.text}`),
);
show('warnings and errors, the last ones', problems);
