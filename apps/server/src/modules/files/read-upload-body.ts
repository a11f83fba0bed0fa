import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES } from '@agentry/core/files';
import { AppError } from '../../platform/http/app-error';

/**
 * Content-type parser of the upload route: the raw body, whatever its type, read up to 25MB.
 * A larger declared or actual size stops with 'File exceeds 25MB limit' without buffering more.
 */
export async function readUploadBody(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}
