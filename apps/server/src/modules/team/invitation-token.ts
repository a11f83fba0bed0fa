import { createHash, randomBytes } from 'node:crypto';

/** A new invitation token (32 random bytes, URL-safe) and the hash that is stored. */
export function createInvitationToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}
