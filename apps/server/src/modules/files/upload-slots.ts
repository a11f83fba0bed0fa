import { finished, type Readable, type Writable } from 'node:stream';
import { AppError } from '../../platform/http/app-error';

/** Uploads one process buffers at once, per user and in all: a body is held in memory until stored. */
const UPLOADS_IN_FLIGHT_PER_USER = 2;
const UPLOADS_IN_FLIGHT = 8;

/** How long a body may take to arrive: a slow sender does not hold a slot for ever. */
const UPLOAD_BODY_TIMEOUT_MS = 2 * 60_000;

/**
 * Counts the uploads being received. A slot is taken before the body is read and given back once
 * the response is done with, however it ends (answered, refused, dropped by the client, even
 * before the slot was taken: `finished` also calls back for a stream that has already closed).
 */
export function createUploadSlots(limits = { perUser: UPLOADS_IN_FLIGHT_PER_USER, total: UPLOADS_IN_FLIGHT }) {
  const perUser = new Map<string, number>();
  let total = 0;
  return (request: { raw: Readable }, reply: { raw: Writable }, userId: string) => {
    const mine = perUser.get(userId) ?? 0;
    if (mine >= limits.perUser || total >= limits.total) throw new AppError('RATE_LIMITED');
    perUser.set(userId, mine + 1);
    total += 1;
    let isReleased = false;
    const release = () => {
      if (isReleased) return;
      isReleased = true;
      clearTimeout(timer);
      total -= 1;
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    };
    const timer = setTimeout(() => request.raw.destroy(), UPLOAD_BODY_TIMEOUT_MS);
    timer.unref();
    request.raw.once('end', () => clearTimeout(timer));
    finished(reply.raw, release);
    // A request dropped before its body ended: its response may never be written. One whose body
    // was read whole (reading it to the end destroys it too) keeps its slot until it is answered.
    finished(request.raw, (error) => {
      if (error || !(request.raw as Readable & { complete?: boolean }).complete) release();
    });
  };
}
