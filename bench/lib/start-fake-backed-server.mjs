// Shared by the benchmarks that need an LLM provider: the tests' fake OpenAI-compatible server
// (apps/server/src/test/fake-openai-server.ts through tsx) and the built server using it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { createBenchDatabase } from './bench-database.mjs';
import { freePort } from './server.mjs';

/**
 * Starts the fake provider answering `answer` at once, then the built server (`entry`) in
 * production mode on a loopback port with a fresh data directory, its OpenAI base URL on the
 * fake; `env` adds variables, `nodeArgs` Node flags. With DATABASE_URL the server gets a database
 * of its own on that PostgreSQL server (`databaseUrl`, bench-database.mjs). `stop()` ends both,
 * removes the data directory and drops that database.
 */
export async function startFakeBackedServer({ entry, answer, dataDirPrefix, env = {}, nodeArgs = [] }) {
  const database = await createBenchDatabase();
  const databaseUrl = database?.url;
  const { startFakeOpenAiServer } = await tsImport('../../apps/server/src/test/fake-openai-server.ts', import.meta.url);
  const fake = await startFakeOpenAiServer();
  fake.respondWith(() => ({ text: answer }));

  const {
    server,
    baseUrl,
    stop: stopServer,
  } = await startServerProcess({
    entry,
    fakeUrl: fake.url,
    databaseUrl,
    dataDirPrefix,
    env: { ENCRYPTION_KEY: randomBytes(32).toString('hex'), ...env },
    nodeArgs,
  });

  async function stop() {
    await stopServer();
    await fake.close();
    await database?.drop();
  }

  return { fake, server, baseUrl, databaseUrl, stop };
}

/**
 * The built server (`entry`) in production mode on a free loopback port with a fresh data
 * directory, its OpenAI base URL on `fakeUrl`, on `databaseUrl` when given (PGlite otherwise); `env`
 * adds variables, `nodeArgs` Node flags. `stop()` ends it (if
 * it still runs) and removes the data directory.
 */
export async function startServerProcess({ entry, fakeUrl, databaseUrl, dataDirPrefix, env = {}, nodeArgs = [] }) {
  const port = await freePort();
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
      OPENAI_BASE_URL: fakeUrl,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  async function stop() {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { server, baseUrl, stop };
}
