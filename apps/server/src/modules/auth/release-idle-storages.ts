import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/** Storages already wrapped (a storage is counted by the first group it was given to). */
const wrapped = new WeakSet<AsyncLocalStorage<unknown>>();

/**
 * Turns `storages` off whenever none of their `run` calls is running, so that Node keeps no
 * async-context hooks for them meanwhile.
 *
 * Node 20 propagates an AsyncLocalStorage's store with hooks on every promise and every async
 * resource of the process. Once a storage has run, they stay on for good. Better Auth runs each
 * auth call in three storages, so after the first sign-in every request paid for them, the
 * widget's messages and `/v1` calls too, which never touch auth: the hooks' frames were 5-6% of
 * the widget server's profile samples at 50 visitors (docs/benchmarks.md).
 *
 * The calls of the group are counted together: `run` counts one call until its callback returns,
 * or until the promise it returns settles. On the turn after the count reaches zero, if it is
 * still zero, every storage of the group is disabled. A storage's next `run` turns it on again
 * (Node does that). A call running in a storage therefore always has its store, across awaits
 * and while other calls start and end. Only work a call leaves running after it has returned
 * (not awaited) could read an empty store once the group is idle. Better Auth awaits its own
 * (its background tasks run awaited unless a handler for them is configured, and none is).
 *
 * Where storages keep their stores in async context frames instead of hooks (Node 24 on, or Node 22
 * and 23 with --experimental-async-context-frame), there is nothing to release: nothing is wrapped.
 */
export function releaseWhenIdle(storages: readonly AsyncLocalStorage<unknown>[]): void {
  if (usesAsyncContextFrames()) return;
  let running = 0;
  let isReleaseScheduled = false;
  const group = storages.filter((storage) => !wrapped.has(storage));

  function release() {
    isReleaseScheduled = false;
    if (running > 0) return;
    for (const storage of group) storage.disable();
  }
  function end() {
    running -= 1;
    if (running === 0 && !isReleaseScheduled) {
      isReleaseScheduled = true;
      setImmediate(release);
    }
  }

  for (const storage of group) {
    wrapped.add(storage);
    const run: (store: unknown, callback: () => unknown) => unknown = storage.run.bind(storage);
    storage.run = (store: unknown, callback: (...args: unknown[]) => unknown, ...args: unknown[]) => {
      running += 1;
      let result: unknown;
      try {
        result = run(store, () => callback(...args));
      } catch (error) {
        end();
        throw error;
      }
      if (!isPromiseLike(result)) {
        end();
        return result;
      }
      return result.then(
        (value) => {
          end();
          return value;
        },
        (error: unknown) => {
          end();
          throw error;
        },
      );
    };
  }
}

/** Whether this Node keeps AsyncLocalStorage stores in async context frames rather than hooks. */
export function usesAsyncContextFrames(
  version = process.versions.node,
  flags: readonly string[] = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)],
): boolean {
  const major = Number(version.split('.')[0]);
  if (major >= 24) return !flags.includes('--no-async-context-frame');
  return major >= 22 && flags.includes('--experimental-async-context-frame');
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Better Auth's three storages (request state, endpoint context, adapter), released while idle. */
export async function releaseIdleAuthStorages(): Promise<void> {
  const storages = await Promise.all([
    getRequestStateAsyncLocalStorage(),
    // Deprecated for reading the context; still the one way to reach this storage itself.
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  releaseWhenIdle(storages);
}
