import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLiveEvents } from './create-live-events';

const modes = [
  { name: 'memory', redisUrl: undefined },
  ...(process.env.REDIS_URL ? [{ name: 'redis', redisUrl: process.env.REDIS_URL }] : []),
];

describe.each(modes)('live events ($name)', ({ redisUrl }) => {
  it('delivers a published message to every subscriber of the channel, only while subscribed', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const publisher = createLiveEvents({ redisUrl, prefix });
    // With Redis a second instance stands for another server; in memory it is the same process.
    const other = redisUrl ? createLiveEvents({ redisUrl, prefix }) : publisher;
    try {
      const received: unknown[] = [];
      const elsewhere: unknown[] = [];
      const stop = await other.subscribe('run:1', (message) => received.push(message));
      await other.subscribe('run:2', (message) => elsewhere.push(message));
      const message = { kind: 'progress', done: 1 };
      await publisher.publish('run:1', message);
      await expect.poll(() => received).toEqual([{ kind: 'progress', done: 1 }]);
      expect(received[0]).not.toBe(message);
      expect(elsewhere).toEqual([]);
      await stop();
      await publisher.publish('run:1', { kind: 'progress', done: 2 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toHaveLength(1);
      expect(await publisher.ping()).toBe(true);
    } finally {
      await publisher.close();
      if (other !== publisher) await other.close();
    }
  });
});
