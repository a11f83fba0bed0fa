import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_NAME_HEADER, MAX_FILE_BYTES, UploadFileQuery, UploadedFile } from '@agentry/core/files';
import { AppError } from '../../platform/http/app-error';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { loadOptionalSession, requireSession, signedInUser } from '../auth/guards';
import { contentDisposition } from './content-disposition';
import { openStoredFileOrThrow } from './open-stored-file';
import { readUploadBody } from './read-upload-body';
import { uploadFile } from './upload-file';
import { createUploadSlots } from './upload-slots';

const tags = ['files'];
const UPLOAD_RATE_LIMIT = { limit: 60, windowMs: 10 * 60 * 1000 };
/** The file name header, URI-decoded; null when absent or not decodable (then 'Invalid file name'). */
function readFileName(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * `POST /api/files`: the body is the file's bytes (any content type; the server decides the
 * type from the bytes and the name), the name in the `x-file-name` header (URI-encoded) and
 * the purpose in the query. `GET /files/:id` serves a file with its stored type, never sniffed.
 */
export async function registerFileRoutes(root: FastifyInstance) {
  const { db } = root.platform.database;
  const { storage, cache, config } = root.platform;
  const takeUploadSlot = createUploadSlots();

  // Its own scope: the raw-body parser must not apply to any other route.
  await root.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', readUploadBody);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/files',
      {
        // Before the body is read: no anonymous or rate-limited client makes the server buffer 25MB.
        onRequest: [
          requireSession,
          async (request, reply) => {
            const userId = signedInUser(request).id;
            await enforceRateLimit({ cache, key: `upload:${userId}`, ...UPLOAD_RATE_LIMIT });
            takeUploadSlot(request, reply, userId);
          },
        ],
        bodyLimit: MAX_FILE_BYTES + 1,
        schema: {
          tags,
          summary: 'Upload a file (raw body; name in x-file-name)',
          querystring: UploadFileQuery,
          headers: z.object({ [FILE_NAME_HEADER]: z.string().optional() }),
          response: { 201: UploadedFile },
        },
      },
      async (request, reply) => {
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('FILE_REQUIRED');
        const uploaded = await uploadFile({
          db,
          storage,
          userId: signedInUser(request).id,
          name: readFileName(request.headers[FILE_NAME_HEADER]),
          bytes: body,
          purpose: request.query.purpose,
          quotaBytes: config.storage.quotaBytesPerUser,
        });
        return reply.status(201).send(uploaded);
      },
    );
    done();
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/files/:id',
    {
      preHandler: loadOptionalSession,
      schema: { tags, summary: 'An uploaded file', params: z.object({ id: z.string().max(100) }) },
    },
    async (request, reply) => {
      const { file, object } = await openStoredFileOrThrow({
        db,
        storage,
        fileId: request.params.id,
        viewerUserId: request.signedIn?.user.id ?? null,
      });
      const isImage = file.contentType.startsWith('image/');
      reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', contentDisposition(isImage ? 'inline' : 'attachment', file.name))
        .header(
          'cache-control',
          file.purpose === 'attachment' ? 'private, no-store' : 'public, max-age=31536000, immutable',
        );
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply.send(object.stream);
    },
  );
}
