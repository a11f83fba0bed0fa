// Shared by the benchmarks that need an LLM provider: the tests' fake OpenAI-compatible server
// (apps/server/src/test/fake-openai-server.ts through tsx) and the built server using it.
import { randomBytes } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { createBenchDatabase } from './bench-database.mjs';
import { startServerProcess } from './server.mjs';

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
