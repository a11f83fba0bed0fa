// `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/marketplace.mjs`
// Marketplace listing and search latency with 100,000 projects on PostgreSQL, through the HTTP
// API of the built server (`npm run build` first). Creates a fresh database on the server named
// by DATABASE_URL, fills it, measures, and drops it again. Prints a markdown table.
// Bounded: loopback only, fixed request counts, stops by itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, withClient } from './lib/bench-database.mjs';
import { formatRow, measure } from './lib/measure.mjs';
import { signIn, startServerProcess, waitForHealth } from './lib/server.mjs';

const PROJECT_COUNT = Number(process.env.BENCH_PROJECTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}

const database = await createBenchDatabase();
const { server, baseUrl, stop } = await startServerProcess({
  entry,
  databaseUrl: database.url,
  dataDirPrefix: 'agentry-bench-marketplace-',
});

try {
  await waitForHealth(baseUrl, { server });
  const cookie = await signIn(baseUrl, 'bench-author@agentry.test', '/marketplace');
  const userId = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()).user.id;

  const started = performance.now();
  await withClient(database.url, (client) => seedProjects(client, userId));
  const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);

  // A cursor 50 pages deep: keyset pages cost the same at any depth.
  let deepCursor = null;
  for (let page = 0; page < 50; page += 1) {
    const reply = await (
      await fetch(`${baseUrl}/api/marketplace/projects${deepCursor ? `?cursor=${encodeURIComponent(deepCursor)}` : ''}`)
    ).json();
    deepCursor = reply.nextCursor;
  }

  const cases = [
    ['newest, first page', '/api/marketplace/projects'],
    ['newest, page 51 (cursor)', `/api/marketplace/projects?cursor=${encodeURIComponent(deepCursor)}`],
    ['category filter, newest', '/api/marketplace/projects?category=Automation'],
    ['type + category + timeframe', '/api/marketplace/projects?type=agency&category=Chatbots&timeframe=1-2%20months'],
    ['budget sort, high to low', '/api/marketplace/projects?sort=budget-desc'],
    ['budget range 500-1000, low to high', '/api/marketplace/projects?minBudget=500&maxBudget=1000&sort=budget-asc'],
    ['search "chatbot"', '/api/marketplace/projects?q=chatbot'],
    ['search "voice dental" (two words)', '/api/marketplace/projects?q=voice%20dental'],
    ['search "invoic" (prefix) + category', '/api/marketplace/projects?q=invoic&category=Automation'],
    ['search, rare word', '/api/marketplace/projects?q=zeppelin'],
  ];
  const rows = [];
  for (const [name, url] of cases) {
    const probe = await (await fetch(`${baseUrl}${url}`)).json();
    const label = `${name} (${probe.isTotalCapped ? `${probe.total}+` : probe.total} match)`;
    await measure({ url: `${baseUrl}${url}`, concurrency: 1, requests: 20 });
    rows.push(
      formatRow(`${label}, 1 client`, await measure({ url: `${baseUrl}${url}`, concurrency: 1, requests: REQUESTS })),
    );
  }
  for (const [name, url] of [cases[0], cases[6]]) {
    rows.push(
      formatRow(
        `${name}, 10 clients`,
        await measure({ url: `${baseUrl}${url}`, concurrency: 10, requests: REQUESTS * 2 }),
      ),
    );
  }

  console.log(
    `\nMarketplace listing, PostgreSQL, ${PROJECT_COUNT.toLocaleString('en-US')} projects (seeded in ${seedSeconds} s), ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  console.log('| benchmark | requests | p50 ms | p99 ms | req/s |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await stop();
  // BENCH_KEEP_DATABASE=1 keeps it for EXPLAIN ANALYZE; drop it by hand afterwards.
  if (process.env.BENCH_KEEP_DATABASE === '1')
    console.log(`\nKept database ${new URL(database.url).pathname.slice(1)}`);
  else await database.drop();
}

/** 100,000 varied projects in one statement: titles and descriptions from word lists, a year of dates. */
async function seedProjects(client, userId) {
  await client.query(
    `
    with words as (
      select
        array['Voice', 'Chatbot', 'Lead', 'Support', 'Booking', 'Sales', 'Invoice', 'Onboarding', 'Email', 'Review', 'Recruiting', 'Analytics'] as topics,
        array['assistant', 'agent', 'automation', 'workflow', 'integration', 'dashboard', 'pipeline', 'campaign'] as things,
        array['dental clinic', 'law firm', 'online shop', 'real estate agency', 'gym', 'restaurant', 'SaaS startup', 'insurance broker', 'school', 'hotel'] as clients,
        array['AI Agents', 'Chatbots', 'Automation', 'Voice AI', 'Lead Generation', 'Customer Support', 'Marketing', 'Sales', 'Data & Analytics', 'Web Development', 'Consulting', 'Other'] as categories,
        array['1-2 weeks', '2-4 weeks', '1-2 months', '3-6 months', 'Permanent Position'] as timeframes,
        array['one-time', 'monthly', 'weekly'] as price_types
    ),
    generated as (
      select
        n,
        topics[1 + abs(hashint4(n * 8 + 1)) % 12] as topic,
        things[1 + abs(hashint4(n * 8 + 2)) % 8] as thing,
        clients[1 + abs(hashint4(n * 8 + 3)) % 10] as client,
        categories[1 + abs(hashint4(n * 8 + 4)) % 12] as category,
        timeframes[1 + abs(hashint4(n * 8 + 5)) % 5] as timeframe,
        price_types[1 + abs(hashint4(n * 8 + 6)) % 3] as price_type,
        (50 + abs(hashint4(n * 8 + 7)) % 9951)::double precision as price_value,
        abs(hashint4(n * 8 + 8)) % 3 = 0 as is_agency
      from generate_series(1, $2::int) as n, words
    )
    insert into marketplace_project (id, author_user_id, marketplace_type, title, description, timeframe, category, image, icon, price, price_value, price_type, author_name, company_name, email, status, created_at, updated_at)
    select
      md5(n::text),
      $1,
      case when is_agency then 'agency' else 'business' end,
      topic || ' ' || thing || ' for a ' || client,
      'We are looking for a partner to build a ' || lower(topic) || ' ' || thing || ' for our ' || client
        || '. It should connect to our existing tools, hand over to a human when needed and report weekly. Project ' || n
        || case when n % 5000 = 7 then ' includes a zeppelin themed landing page.' else '.' end,
      timeframe,
      category,
      '/media/marketplace/images/image-' || lpad((1 + n % 14)::text, 2, '0') || '.svg',
      '/media/avatars/avatar-' || lpad((1 + n % 16)::text, 2, '0') || '.svg',
      '$' || price_value::text || case price_type when 'monthly' then ' a month' when 'weekly' then ' a week' else '' end,
      price_value,
      price_type,
      'Bench Author',
      'Bench Co',
      'bench-author@agentry.test',
      case when n % 20 = 0 then 'closed' else 'live' end,
      date_trunc('milliseconds', now() - (n * interval '317 seconds')),
      now()
    from generated
    `,
    [userId, PROJECT_COUNT],
  );
  // What autovacuum does soon after a bulk load: statistics, and the visibility map for index-only scans.
  await client.query('vacuum analyze marketplace_project');
}
