// Shared by bench/widget-chat.mjs and bench/llm-gateway.mjs: the bare forwarder
// (bench/lib/bare-chat-server.mjs) in its own process, as the bare baseline or as the floor.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stopProcess } from './server.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-chat-server.mjs');

/**
 * Starts the forwarder on `fakeUrl`. `floor: false`: the bare baseline, no database. `floor: true`:
 * the floor, one read before the provider and one durable insert after, on `databaseUrl` (the
 * PostgreSQL server the product runs on) or, without it, on a PGlite of its own in a new directory,
 * as the server runs PGlite. `limits` ({ redisUrl }) makes the read the limits' floor (FLOOR_LIMITS in
 * bare-chat-server.mjs: the day's counter, and the per-minute counters in Redis when `redisUrl` is
 * given). `nodeArgs` adds Node flags. `url` resolves with its address (rejects if
 * it exits first); `stop()` ends it and removes the PGlite directory.
 */
export function startBareChatServer({ fakeUrl, floor, databaseUrl, limits, nodeArgs = [] }) {
  const pgliteDir = floor && !databaseUrl ? fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-bench-floor-')) : undefined;
  const limitsEnv = limits
    ? { FLOOR_LIMITS: '1', ...(limits.redisUrl ? { FLOOR_REDIS_URL: limits.redisUrl } : {}) }
    : {};
  const floorEnv = !floor
    ? {}
    : databaseUrl
      ? { FLOOR_DATABASE_URL: databaseUrl, FLOOR_READ_BEFORE: '1', ...limitsEnv }
      : { FLOOR_PGLITE_DIR: pgliteDir, FLOOR_READ_BEFORE: '1', ...limitsEnv };
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, FAKE_PROVIDER_URL: fakeUrl, ...floorEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${floor ? 'floor' : 'bare'} server exited with ${code}`)));
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
  });
  // Awaited by whoever needs it; without this a failed start would also be an unhandled rejection.
  url.catch(() => undefined);
  async function stop() {
    await stopProcess(child);
    if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
  return { child, url, stop };
}
