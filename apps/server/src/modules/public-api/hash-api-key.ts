import { createHash } from 'node:crypto';

/** Keys are random 192-bit secrets, so a plain SHA-256 is enough (no slow hash needed). */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
