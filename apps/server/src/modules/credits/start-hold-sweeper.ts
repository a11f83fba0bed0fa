import type { FastifyInstance } from 'fastify';
import { releaseStaleHolds } from './release-stale-holds';

const SWEEP_INTERVAL_MS = 60_000;

/** Every minute, releases holds that were never settled. Any instance may run it: each release is conditional. */
export function startHoldSweeper(app: FastifyInstance) {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    releaseStaleHolds({ db: app.platform.database.db })
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'released stale credit holds');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'credit hold sweep failed'))
      .finally(() => {
        isRunning = false;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
