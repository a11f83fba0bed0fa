import type { FastifyReply } from 'fastify';

/**
 * Aborted when the client goes away before the answer is complete. The response's 'close'
 * is the reliable signal: the request's own 'close' fires as soon as its body has been read.
 */
export function createClientAbortSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client went away.'));
  });
  return controller.signal;
}
