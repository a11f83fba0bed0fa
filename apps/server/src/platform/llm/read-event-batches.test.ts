import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readEventBatches } from './read-event-batches';

const event = (data: string) => `data: ${data}\n\n`;
/** Lets the body's buffered writes reach its `data` listener. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('readEventBatches', () => {
  it("hands a waiting reader each read's events at once", async () => {
    const body = new PassThrough();
    const batches = readEventBatches(body);
    const first = batches.next();
    body.write(event('one') + event('two'));
    expect(await first).toEqual({ value: ['one', 'two'], done: false });
    const second = batches.next();
    body.write(event('three'));
    expect(await second).toEqual({ value: ['three'], done: false });
    body.end();
    expect(await batches.next()).toEqual({ value: undefined, done: true });
  });

  it('hands a busy reader everything that arrived meanwhile as one batch, events split across reads included', async () => {
    const body = new PassThrough();
    const batches = readEventBatches(body);
    body.write(event('one'));
    body.write('data: tw');
    body.write('o\n\n' + event('three'));
    await settle();
    expect(await batches.next()).toEqual({ value: ['one', 'two', 'three'], done: false });
  });

  it('gives the events read before a failure, then the failure', async () => {
    const body = new PassThrough();
    const batches = readEventBatches(body);
    body.write(event('one'));
    await settle();
    body.destroy(new Error('connection reset'));
    await settle();
    expect(await batches.next()).toEqual({ value: ['one'], done: false });
    await expect(batches.next()).rejects.toThrow('connection reset');
  });

  it('fails a body that closes before its end, and one that failed before the reader came', async () => {
    const cut = new PassThrough();
    const batches = readEventBatches(cut);
    cut.destroy();
    await expect(batches.next()).rejects.toThrow('closed before its end');

    const failed = new PassThrough();
    failed.on('error', () => undefined);
    failed.destroy(new Error('refused'));
    await settle();
    await expect(readEventBatches(failed).next()).rejects.toThrow('refused');
  });

  it('lets go of the body when the reader stops early, neither reading nor destroying it', async () => {
    const body = new PassThrough();
    const batches = readEventBatches(body);
    body.write(event('one'));
    expect(await batches.next()).toEqual({ value: ['one'], done: false });
    await batches.return?.();
    expect(body.listenerCount('readable')).toBe(0);
    expect(body.destroyed).toBe(false);
    expect(body.isPaused()).toBe(true);
    // The caller can still read the rest out (as ProviderReply.finish does: it resumes the body).
    const rest: string[] = [];
    body.on('data', (text: string) => rest.push(text));
    body.resume();
    body.end(event('[DONE]'));
    await settle();
    expect(rest.join('')).toBe(event('[DONE]'));
  });

  it('stops reading the body while too many events wait, and reads on once they are taken', async () => {
    const body = new PassThrough();
    const batches = readEventBatches(body);
    body.write(Array.from({ length: 600 }, (_, index) => event(String(index))).join(''));
    await settle();
    body.write(event('later'));
    await settle();
    // 600 events wait: what came after stays in the body, unread.
    expect(body.readableLength).toBeGreaterThan(0);
    const { value } = await batches.next();
    expect(value).toHaveLength(600);
    expect(body.readableLength).toBe(0);
    expect(await batches.next()).toEqual({ value: ['later'], done: false });
  });

  it('ends after a batch of too many events that the body ended behind', async () => {
    const body = new PassThrough();
    const batches = readEventBatches(body);
    body.write(Array.from({ length: 600 }, (_, index) => event(String(index))).join(''));
    await settle();
    body.end();
    await settle();
    expect((await batches.next()).value).toHaveLength(600);
    expect(await batches.next()).toEqual({ value: undefined, done: true });
  });

  it('reads events from many small chunks, a character split across two of them included', async () => {
    const body = new PassThrough();
    const batches = readEventBatches(body);
    const text = event('{"content":"café – ok"}') + event('two');
    const bytes = Buffer.from(text);
    // One byte per chunk, as a provider's tokens arrive in many pieces of a chunked body.
    for (let index = 0; index < bytes.length; index += 1) body.write(bytes.subarray(index, index + 1));
    await settle();
    expect(await batches.next()).toEqual({ value: ['{"content":"café – ok"}', 'two'], done: false });
    body.end();
    expect(await batches.next()).toEqual({ value: undefined, done: true });
  });

  it('ends a reader on a body that had already ended, and every read after the reader stopped', async () => {
    const ended = new PassThrough();
    ended.resume();
    ended.end();
    await settle();
    expect(ended.readableEnded).toBe(true);
    expect(await readEventBatches(ended).next()).toEqual({ value: undefined, done: true });

    const body = new PassThrough();
    const batches = readEventBatches(body);
    const waiting = batches.next();
    await batches.return?.();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(await batches.next()).toEqual({ value: undefined, done: true });
  });
});
