/** Counters and short-lived values shared by every server instance (rate limits, per-day counters). */
export type Cache = {
  mode: 'memory' | 'redis';
  /** Adds one to a counter that expires `windowMs` after its first hit; answers the new count. */
  hit: (key: string, windowMs: number) => Promise<number>;
  /** The counter's current value without adding to it (0 when absent or expired). */
  count: (key: string) => Promise<number>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};
