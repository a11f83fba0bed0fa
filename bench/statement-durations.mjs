// `node bench/statement-durations.mjs [postgres log]`: PostgreSQL's execution time per statement,
// read from the lines a bench run logged with BENCH_LOG_DURATIONS=1 (`duration: 0.312 ms  execute
// widget_take_daily_message: ...`). Prints, per statement name (the first words of an unnamed
// one), how many ran and their 10th, 50th and 90th percentiles and mean, as markdown. The times are
// the server's own, from the execute message to its end, without the commit that follows; on a busy
// machine they include waits for a CPU and for row locks. Truncate the log before the run to read
// that run alone. Default log: /var/log/postgresql/postgresql-15-main.log.
import fs from 'node:fs';
import readline from 'node:readline';

const logPath = process.argv[2] ?? '/var/log/postgresql/postgresql-15-main.log';
const LINE = /duration: ([0-9.]+) ms {2}execute ([^:]+): ?(.*)$/;
/** How much of an unnamed statement's text names it. */
const UNNAMED_PREFIX = 48;

const durations = new Map();
for await (const line of readline.createInterface({ input: fs.createReadStream(logPath) })) {
  const match = LINE.exec(line);
  if (!match) continue;
  const [, ms, name, text] = match;
  const key = name === '<unnamed>' ? `<unnamed> ${text.slice(0, UNNAMED_PREFIX)}` : name;
  const list = durations.get(key) ?? [];
  list.push(Number(ms));
  durations.set(key, list);
}
if (durations.size === 0) {
  console.error(`No statement durations in ${logPath}: run the bench with BENCH_LOG_DURATIONS=1 on PostgreSQL.`);
  process.exit(1);
}

const at = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
console.log('| statement | runs | p10 ms | p50 ms | p90 ms | mean ms |');
console.log('|---|---|---|---|---|---|');
const rows = [...durations].sort((a, b) => b[1].length - a[1].length);
for (const [key, list] of rows) {
  const sorted = [...list].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
  const cells = [at(sorted, 0.1), at(sorted, 0.5), at(sorted, 0.9), mean].map((ms) => ms.toFixed(3));
  console.log(`| ${key.replaceAll('|', '\\|')} | ${sorted.length} | ${cells.join(' | ')} |`);
}
