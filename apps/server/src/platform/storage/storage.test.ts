import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import { startFakeS3Server } from './fake-s3-server';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

const credentials = {
  bucket: 'uploads',
  accessKeyId: 'AKIATEST',
  secretAccessKey: 'test-secret-key',
  region: 'eu-west-1',
};
let fakeS3: Awaited<ReturnType<typeof startFakeS3Server>>;
const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-storage-'));

beforeAll(async () => {
  fakeS3 = await startFakeS3Server(credentials);
});
afterAll(async () => {
  await fakeS3.close();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

const implementations: [string, () => Storage][] = [
  ['disk', () => createDiskStorage({ root: diskRoot })],
  ['s3', () => createS3Storage({ endpoint: fakeS3.endpoint, ...credentials })],
];

describe.each(implementations)('%s storage', (_name, create) => {
  it('stores, reads back and deletes an object', async () => {
    const storage = create();
    await storage.put({
      key: 'avatar/AbCdEf123',
      body: new TextEncoder().encode('hello bytes'),
      contentType: 'image/png',
    });
    const object = await storage.get('avatar/AbCdEf123');
    expect(object?.size).toBe(11);
    expect(await text(object!.stream)).toBe('hello bytes');
    await storage.delete('avatar/AbCdEf123');
    expect(await storage.get('avatar/AbCdEf123')).toBeNull();
    await expect(storage.delete('avatar/AbCdEf123')).resolves.toBeUndefined();
  });

  it('answers null for a key never written', async () => {
    expect(await create().get('avatar/missing')).toBeNull();
  });

  it('refuses keys that could leave its place', async () => {
    const storage = create();
    for (const key of ['../etc/passwd', 'avatar/../../x', '/abs', 'avatar/a/b', 'Avatar/x', '']) {
      await expect(storage.put({ key, body: new Uint8Array([1]), contentType: 'image/png' })).rejects.toThrow(
        'Refused storage key',
      );
    }
  });
});

describe('s3 storage against the fake', () => {
  it('signs requests: wrong credentials are refused', async () => {
    const storage = createS3Storage({ endpoint: fakeS3.endpoint, ...credentials, secretAccessKey: 'wrong' });
    await expect(
      storage.put({ key: 'avatar/x1', body: new Uint8Array([1]), contentType: 'image/png' }),
    ).rejects.toThrow('S3 PUT failed: 403');
  });

  it('uses path-style object URLs in the bucket', async () => {
    const storage = createS3Storage({ endpoint: fakeS3.endpoint, ...credentials });
    await storage.put({ key: 'project-image/Key42', body: new Uint8Array([1, 2]), contentType: 'image/gif' });
    expect(fakeS3.requests.at(-1)).toEqual({ method: 'PUT', path: '/uploads/project-image/Key42' });
    expect(fakeS3.objects.get('project-image/Key42')?.contentType).toBe('image/gif');
  });
});

describe('disk storage', () => {
  it('writes under its root only and leaves no temporary files', async () => {
    const storage = createDiskStorage({ root: diskRoot });
    await storage.put({ key: 'attachment/Doc1', body: new Uint8Array([1, 2, 3]), contentType: 'application/pdf' });
    expect(fs.readdirSync(path.join(diskRoot, 'attachment'))).toEqual(['Doc1']);
  });
});
