import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { LiveEvents } from './live-events';

export function createLiveEvents(options: { redisUrl?: string; prefix?: string }): LiveEvents {
  return options.redisUrl
    ? createRedisLiveEvents(options.redisUrl, options.prefix ?? 'agentry')
    : createMemoryLiveEvents();
}

function createMemoryLiveEvents(): LiveEvents {
  const emitter = new EventEmitter();
  // Every SSE client of a run listens on the run's channel.
  emitter.setMaxListeners(0);
  return {
    mode: 'memory',
    publish(channel, message) {
      // A copy, as Redis would deliver: listeners never share the publisher's object.
      emitter.emit(channel, structuredClone(message));
      return Promise.resolve();
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return Promise.resolve(() => {
        emitter.off(channel, listener);
        return Promise.resolve();
      });
    },
    ping: () => Promise.resolve(true),
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

function createRedisLiveEvents(url: string, prefix: string): LiveEvents {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // A connection in subscriber mode can do nothing else, hence its own; made on first use.
  let subscriber: Redis | undefined;
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  const key = (channel: string) => `${prefix}:events:${channel}`;

  function subscriberConnection(): Redis {
    if (subscriber) return subscriber;
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    connection.on('message', (redisChannel: string, payload: string) => {
      const channel = redisChannel.slice(key('').length);
      const set = listeners.get(channel);
      if (!set) return;
      let message: unknown;
      try {
        message = JSON.parse(payload);
      } catch {
        return;
      }
      for (const listener of set) listener(message);
    });
    subscriber = connection;
    return connection;
  }

  return {
    mode: 'redis',
    async publish(channel, message) {
      await publisher.publish(key(channel), JSON.stringify(message));
    },
    async subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await subscriberConnection().subscribe(key(channel));
      }
      set.add(listener);
      return async () => {
        const current = listeners.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(channel);
        await subscriber?.unsubscribe(key(channel)).catch(() => undefined);
      };
    },
    ping: () =>
      publisher.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      ),
    async close() {
      listeners.clear();
      await Promise.all([publisher.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
    },
  };
}
