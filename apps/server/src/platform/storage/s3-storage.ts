import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey, type Storage } from './storage';

export type S3Options = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

const REQUEST_TIMEOUT_MS = 30_000;

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) over path-style URLs, signed with SigV4 by aws4fetch. */
export function createS3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`;
  const objectUrl = (key: string) => {
    assertStorageKey(key);
    return `${base}/${key}`;
  };
  const failure = async (action: string, response: Response) =>
    new Error(`S3 ${action} failed: ${response.status} ${(await response.text().catch(() => '')).slice(0, 300)}`);

  return {
    mode: 's3',
    async put({ key, body, contentType }) {
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body,
        headers: { 'content-type': contentType, 'content-length': String(body.byteLength) },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw await failure('PUT', response);
      await response.arrayBuffer();
    },
    async get(key) {
      // The timeout covers waiting for the answer only: the body then streams at the reader's pace.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('S3 GET timed out')), REQUEST_TIMEOUT_MS);
      const response = await client
        .fetch(objectUrl(key), { method: 'GET', signal: controller.signal })
        .finally(() => clearTimeout(timer));
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok || !response.body) throw await failure('GET', response);
      const length = Number(response.headers.get('content-length'));
      return {
        stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        size: Number.isFinite(length) && length >= 0 ? length : undefined,
      };
    },
    async delete(key) {
      const response = await client.fetch(objectUrl(key), {
        method: 'DELETE',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok && response.status !== 404) throw await failure('DELETE', response);
      await response.arrayBuffer();
    },
  };
}
