/** Counters and short-lived values shared by every server instance (rate limits, per-day counters). */
export type Cache = {
  mode: 'memory' | 'redis';
  /** Adds one to a counter that expires `windowMs` after its first hit; answers the new count. */
  hit: (key: string, windowMs: number) => Promise<number>;
  /**
   * `hit` for several counters in one round trip (one command to Redis), answering their new
   * counts in the order asked. Every counter is counted, whatever the others' counts. When the
   * store fails partway (a key holding something that is not a count), the call rejects and the
   * counters before that key stay counted, as separate hits would have.
   */
  hits: (counters: readonly { key: string; windowMs: number }[]) => Promise<number[]>;
  /** The counter's current value without adding to it (0 when absent or expired). */
  count: (key: string) => Promise<number>;
  /**
   * A value that changes only when someone edits it (a deployed widget, a provider key), kept in
   * this process under `scope` until `forget(scope)`. `load` runs on a miss; a value loaded while
   * the scope was being forgotten is answered but not kept.
   */
  remember: <T>(scope: string, key: string, load: () => Promise<T>) => Promise<T>;
  /**
   * Drops every value remembered under `scope`, here at once and on every other instance (Redis
   * publish). Call it after the change is committed.
   */
  forget: (scope: string) => Promise<void>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};
