import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createUploadSlots } from './upload-slots';

/** A request and its response whose connection the client has already dropped. */
async function droppedRequest() {
  const request = new PassThrough();
  const response = new PassThrough();
  request.destroy();
  response.destroy();
  await new Promise((resolve) => setImmediate(resolve));
  return { request: { raw: request }, reply: { raw: response } };
}

describe('upload slots', () => {
  it('gives back the slot of an upload whose client left before the slot was taken', async () => {
    const take = createUploadSlots({ perUser: 1, total: 8 });
    for (let index = 0; index < 3; index += 1) {
      const { request, reply } = await droppedRequest();
      take(request, reply, 'user-1');
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it('keeps the slot of an upload whose body was read whole until it is answered', async () => {
    const take = createUploadSlots({ perUser: 1, total: 8 });
    const request = Object.assign(new PassThrough(), { complete: true });
    const response = new PassThrough();
    take({ raw: request }, { raw: response }, 'user-1');
    // The body arrives whole and is read to its end, which destroys the request stream.
    request.end(Buffer.from('bytes'));
    request.resume();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(request.destroyed).toBe(true);
    const other = await droppedRequest();
    expect(() => take(other.request, other.reply, 'user-1')).toThrow(/Rate limit exceeded/);
    response.end();
    response.resume();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const next = await droppedRequest();
    expect(() => take(next.request, next.reply, 'user-1')).not.toThrow();
  });

  it('refuses a second upload of one user while the first is received, and the one after it ends', async () => {
    const take = createUploadSlots({ perUser: 1, total: 8 });
    const request = new PassThrough();
    const response = new PassThrough();
    take({ raw: request }, { raw: response }, 'user-1');
    const other = await droppedRequest();
    expect(() => take(other.request, other.reply, 'user-1')).toThrow(/Rate limit exceeded/);
    // Another user has a slot of their own.
    take({ raw: new PassThrough() }, { raw: new PassThrough() }, 'user-2');
    response.end();
    response.resume();
    await new Promise((resolve) => setImmediate(resolve));
    const next = await droppedRequest();
    expect(() => take(next.request, next.reply, 'user-1')).not.toThrow();
  });
});
