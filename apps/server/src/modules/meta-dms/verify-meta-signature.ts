import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the exact body bytes with the app secret. */
export function signMetaBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Constant-time check of the header against the raw body. */
export function isMetaSignatureValid(options: { secret: string; rawBody: Buffer; header: string | undefined }) {
  if (!options.header) return false;
  const expected = Buffer.from(signMetaBody(options.secret, options.rawBody));
  const given = Buffer.from(options.header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
