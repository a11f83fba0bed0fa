import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/http/app-error';

/**
 * AES-256-GCM for secrets we must read back (provider keys). Stored as
 * `v1:<base64 iv>:<base64 tag>:<base64 ciphertext>`; a new random IV every time.
 */
const VERSION = 'v1';

function keyOrThrow(key: Buffer | undefined): Buffer {
  // docs/product/README.md#errors: a missing encryption key reads 'System configuration error.'
  if (!key || key.length !== 32) throw new AppError('CONFIG_ERROR', { extra: { type: 'config_error' } });
  return key;
}

export function encryptSecret(options: { key: Buffer | undefined; plaintext: string }): string {
  const key = keyOrThrow(options.key);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(options.plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(
    ':',
  );
}

export function decryptSecret(options: { key: Buffer | undefined; payload: string }): string {
  const key = keyOrThrow(options.key);
  const [version, iv, tag, ciphertext] = options.payload.split(':');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new AppError('CONFIG_ERROR', { extra: { type: 'config_error' } });
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch (error) {
    // Wrong ENCRYPTION_KEY (rotated without re-encrypting) or a tampered row.
    throw new AppError('CONFIG_ERROR', { extra: { type: 'config_error' }, cause: error });
  }
}
