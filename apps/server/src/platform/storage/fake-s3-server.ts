import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

/**
 * Tests only: a loopback server speaking the slice of the S3 REST protocol the storage adapter
 * uses (path-style PUT, GET, DELETE of objects). It checks each request's SigV4 signature by
 * signing it again with the same credentials, so a wrongly signed request fails as on S3.
 */
export async function startFakeS3Server(options: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];

  async function isSignatureValid(request: http.IncomingMessage, url: URL) {
    const authorization = request.headers.authorization ?? '';
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const datetime = request.headers['x-amz-date'];
    if (
      !authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`) ||
      typeof datetime !== 'string'
    )
      return false;
    const headers = new Headers();
    for (const name of signedHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const signer = new AwsV4Signer({
      method: request.method ?? 'GET',
      url: url.toString(),
      headers,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: 's3',
      region: options.region,
      datetime,
    });
    const signed = await signer.sign();
    return signed.headers.get('authorization') === authorization;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
        requests.push({ method: request.method ?? '', path: url.pathname });
        if (!(await isSignatureValid(request, url))) {
          response
            .writeHead(403, { 'content-type': 'application/xml' })
            .end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
        const prefix = `/${options.bucket}/`;
        if (!url.pathname.startsWith(prefix)) {
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchBucket</Code></Error>');
          return;
        }
        const key = url.pathname.slice(prefix.length);
        if (request.method === 'PUT') {
          objects.set(key, {
            body: Buffer.concat(chunks),
            contentType: request.headers['content-type'] ?? 'application/octet-stream',
          });
          response.writeHead(200, { etag: '"fake"' }).end();
        } else if (request.method === 'GET') {
          const object = objects.get(key);
          if (!object)
            response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
          else
            response
              .writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
              .end(object.body);
        } else if (request.method === 'DELETE') {
          objects.delete(key);
          response.writeHead(204).end();
        } else {
          response.writeHead(405).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
