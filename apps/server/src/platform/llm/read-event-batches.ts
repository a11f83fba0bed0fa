import type { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';

/** Events waiting for the reader beyond which the body stops being read (backpressure). */
const MAX_WAITING_EVENTS = 512;

/**
 * The `data` of a body's server-sent events, in batches: every event that arrived since the reader
 * last asked is handed on as one batch. A reader that keeps up gets each read's events at once; a
 * busy one (a server answering many streams) gets several reads' events in one step, so the layers
 * above step once per batch rather than once per read. The body is read on its `data` events (no
 * async iterator, whose steps cost a few promises per read) and paused while too many events wait.
 *
 * Stopping early (`return`, a `break` of `for await`) lets go of the body without consuming or
 * destroying it, for the caller to finish. A body that closes before its end, or fails, rejects the
 * next read with its error.
 */
export function readEventBatches(body: Readable): AsyncIterableIterator<string[]> {
  let waitingEvents: string[] = [];
  let failure: { error: unknown } | undefined;
  let isEnded = false;
  let reader: { resolve: (result: IteratorResult<string[]>) => void; reject: (error: unknown) => void } | undefined;

  const parser = createParser({ onEvent: (event) => waitingEvents.push(event.data) });
  const takeBatch = (): IteratorResult<string[]> => {
    const batch = waitingEvents;
    waitingEvents = [];
    if (body.isPaused() && !isEnded && !failure) body.resume();
    return { value: batch, done: false };
  };
  const wake = () => {
    if (!reader) return;
    const { resolve, reject } = reader;
    if (waitingEvents.length > 0) {
      reader = undefined;
      resolve(takeBatch());
    } else if (failure) {
      reader = undefined;
      detach();
      reject(failure.error);
    } else if (isEnded) {
      reader = undefined;
      detach();
      resolve({ value: undefined, done: true });
    }
  };
  const onData = (text: string) => {
    parser.feed(text);
    if (waitingEvents.length >= MAX_WAITING_EVENTS) body.pause();
    if (waitingEvents.length > 0) wake();
  };
  const onEnd = () => {
    isEnded = true;
    wake();
  };
  const onError = (error: unknown) => {
    failure ??= { error };
    wake();
  };
  const onClose = () => {
    if (!isEnded) onError(new Error('The body closed before its end.'));
  };
  function detach() {
    body.off('data', onData);
    body.off('end', onEnd);
    body.off('error', onError);
    body.off('close', onClose);
  }

  // What happened before the reader came: an error, the end, or a close before the end.
  if (body.errored) failure = { error: body.errored };
  else if (body.readableEnded) isEnded = true;
  else if (body.destroyed) failure = { error: new Error('The body closed before its end.') };
  body.setEncoding('utf8');
  body.on('data', onData);
  body.on('end', onEnd);
  body.on('error', onError);
  body.on('close', onClose);

  const iterator: AsyncIterableIterator<string[]> = {
    next() {
      if (waitingEvents.length > 0) return Promise.resolve(takeBatch());
      return new Promise<IteratorResult<string[]>>((resolve, reject) => {
        reader = { resolve, reject };
        wake();
      });
    },
    return() {
      detach();
      // Not read any further here: the caller finishes the body (reads it out or lets it go).
      body.pause();
      isEnded = true;
      waitingEvents = [];
      // A read still waiting ends too, as does every later one.
      wake();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
