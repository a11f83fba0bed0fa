/**
 * Live events between server instances (evaluation progress, cancel requests): in memory for
 * one process, Redis pub/sub when REDIS_URL is set. Delivery is at most once and only to
 * listeners subscribed at the time; readers load a snapshot from the database first.
 */
export type LiveEvents = {
  mode: 'memory' | 'redis';
  publish: (channel: string, message: unknown) => Promise<void>;
  /** Answers the function that ends the subscription. */
  subscribe: (channel: string, listener: (message: unknown) => void) => Promise<() => Promise<void>>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};
