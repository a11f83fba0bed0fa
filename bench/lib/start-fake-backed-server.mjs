// Shared by the benchmarks that need an LLM provider: the tests' fake OpenAI-compatible server
// (apps/server/src/test/fake-openai-server.ts through tsx) and the built server using it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

/** Runs `work` with a client of the PostgreSQL database at `url`. */
async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts the fake provider answering `answer` at once, then the built server (`entry`) in
 * production mode on a loopback port with a fresh data directory, its OpenAI base URL on the
 * fake; `env` adds variables, `nodeArgs` Node flags. With DATABASE_URL the server gets a database
 * of its own on that PostgreSQL server (`databaseUrl`), created here and dropped by `stop()`:
 * every run starts from the same empty tables, whatever earlier runs left (dead rows pile up
 * where autovacuum is off, and a run would measure them). `stop()` ends both and removes the data directory.
 */
export async function startFakeBackedServer({ entry, answer, dataDirPrefix, env = {}, nodeArgs = [] }) {
  let databaseUrl;
  if (process.env.DATABASE_URL) {
    const name = `agentry_bench_${randomBytes(5).toString('hex')}`;
    await withClient(process.env.DATABASE_URL, (client) => client.query(`create database ${name}`));
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const { startFakeOpenAiServer } = await tsImport('../../apps/server/src/test/fake-openai-server.ts', import.meta.url);
  const fake = await startFakeOpenAiServer();
  fake.respondWith(() => ({ text: answer }));

  const port = 4900 + Math.floor(Math.random() * 90);
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const server = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      OPENAI_BASE_URL: fake.url,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  async function stop() {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const name = new URL(databaseUrl).pathname.slice(1);
      await withClient(process.env.DATABASE_URL, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    }
  }

  return { fake, server, baseUrl, databaseUrl, stop };
}
