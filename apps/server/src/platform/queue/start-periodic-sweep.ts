import type { FastifyInstance } from 'fastify';

/**
 * Runs `sweep` every `intervalMs` (and, with `isRunAtStart`, once the server is ready), never two
 * at a time in this process; a failure is logged with `name` and the next tick tries again. The
 * timer does not keep the process alive and stops when the server closes. Sweeps must be safe on
 * several instances at once (their writes conditional): each instance runs its own.
 */
export function startPeriodicSweep(
  app: FastifyInstance,
  options: { name: string; intervalMs: number; isRunAtStart?: boolean; sweep: () => Promise<void> },
) {
  let isRunning = false;
  const run = () => {
    if (isRunning) return;
    isRunning = true;
    options
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, `${options.name} failed`))
      .finally(() => {
        isRunning = false;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  if (options.isRunAtStart)
    app.addHook('onReady', (done) => {
      run();
      done();
    });
  app.addHook('onClose', () => clearInterval(timer));
}
