// Preloaded into the server under test by bench/widget-chat.mjs (`node --import`): counts the
// statements it sends to PostgreSQL (every node-postgres query, transaction control included).
// On SIGUSR2 it writes the count so far to QUERY_COUNT_FILE. Bench-only: never in the product.
import fs from 'node:fs';
import pg from 'pg';

let count = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  count += 1;
  return query.apply(this, args);
};
process.on('SIGUSR2', () => {
  if (process.env.QUERY_COUNT_FILE) fs.writeFileSync(process.env.QUERY_COUNT_FILE, String(count));
});
