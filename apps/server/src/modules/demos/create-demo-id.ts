import { randomBytes } from 'node:crypto';

/** A public, unguessable demo id (144 random bits): it is the whole credential of a shared link. */
export function createDemoId(): string {
  return `demo_${randomBytes(18).toString('base64url')}`;
}
