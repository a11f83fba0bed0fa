import type { FastifyInstance } from 'fastify';
import { startPeriodicSweep } from '../../platform/queue/start-periodic-sweep';
import { releaseStaleHolds } from './release-stale-holds';

const SWEEP_INTERVAL_MS = 60_000;

/** Every minute, releases holds that were never settled. Any instance may run it: each release is conditional. */
export function startHoldSweeper(app: FastifyInstance) {
  startPeriodicSweep(app, {
    name: 'credit hold sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    sweep: async () => {
      const count = await releaseStaleHolds({
        db: app.platform.database.db,
        requestTimeoutMs: app.platform.config.llm.requestTimeoutMs,
      });
      if (count > 0) app.log.info({ count }, 'released stale credit holds');
    },
  });
}
