import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';

/** Events waiting for the reader beyond which the body is left unread (backpressure). */
const MAX_WAITING_EVENTS = 512;

/**
 * The `data` of a body's server-sent events, in batches: every event that arrived since the reader
 * last asked is handed on as one batch. A reader that keeps up gets each read's events at once; a
 * busy one (a server answering many streams) gets several reads' events in one step, so the layers
 * above step once per batch rather than once per read. The body is read when it says it has data
 * (`readable`; no async iterator, whose steps cost a few promises per read), all it holds at once:
 * a provider's events arrive as one chunk each, and a read of the socket that brings forty of them
 * is decoded and parsed in one step, not forty. While too many events wait, it is left unread.
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

  const decoder = new StringDecoder('utf8');
  const parser = createParser({ onEvent: (event) => waitingEvents.push(event.data) });
  /**
   * Reads what the body holds, unless too many events wait already: all its buffered chunks at
   * once (`read()` joins them), decoded and parsed in one step rather than one per chunk.
   */
  const readAvailable = () => {
    while (waitingEvents.length < MAX_WAITING_EVENTS && !isEnded && !failure) {
      const chunk = body.read() as Buffer | string | null;
      if (chunk === null) return;
      parser.feed(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    }
  };
  const takeBatch = (): IteratorResult<string[]> => {
    const batch = waitingEvents;
    waitingEvents = [];
    // What waited in the body while too many events did is read now, for the next batch; so is its
    // end (a body in paused mode ends once a read finds nothing more).
    readAvailable();
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
  const onReadable = () => {
    readAvailable();
    if (waitingEvents.length > 0) wake();
  };
  const onEnd = () => {
    const rest = decoder.end();
    if (rest) parser.feed(rest);
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
    body.off('readable', onReadable);
    body.off('end', onEnd);
    body.off('error', onError);
    body.off('close', onClose);
  }

  if (body.errored) failure = { error: body.errored };
  else if (body.readableEnded) isEnded = true;
  else if (body.destroyed) failure = { error: new Error('The body closed before its end.') };
  body.on('readable', onReadable);
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
      body.pause();
      isEnded = true;
      waitingEvents = [];
      wake();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
