import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { createCache } from './cache/create-cache';
import type { Cache } from './cache/cache';
import { openDatabase, type DatabaseHandle } from './db/database';
import { createLiveEvents } from './events/create-live-events';
import type { LiveEvents } from './events/live-events';
import { createMailer } from './mail/create-mailer';
import type { Mailer } from './mail/mailer';
import { createJobQueue } from './queue/create-job-queue';
import type { JobQueue } from './queue/job-queue';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/** The infrastructure adapters, each chosen once here from configuration. */
export type Platform = {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  cache: Cache;
  queue: JobQueue;
  storage: Storage;
  events: LiveEvents;
  close: () => Promise<void>;
};

export async function createPlatform(options: {
  config: AppConfig;
  logger: FastifyBaseLogger;
  database?: DatabaseHandle;
}): Promise<Platform> {
  const { config, logger } = options;
  const database = options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, logger });
  const cache = createCache({ redisUrl: config.redisUrl, prefix: config.queuePrefix });
  const queue = createJobQueue({ redisUrl: config.redisUrl, logger, prefix: config.queuePrefix });
  const storage = createStorage(config.storage);
  const events = createLiveEvents({ redisUrl: config.redisUrl, prefix: config.queuePrefix });
  return {
    config,
    database,
    mailer,
    cache,
    queue,
    storage,
    events,
    async close() {
      await queue.close();
      await events.close();
      await cache.close();
      await mailer.close();
      await database.close();
    },
  };
}
