import type { Readable } from 'node:stream';

/** A stored object being read: its bytes as a stream, and its size when the backend knows it. */
export type StoredObject = { stream: Readable; size: number | undefined };

/**
 * Where uploaded files' bytes live. Keys are made by the server (`<purpose>/<id>`), never from
 * a user's file name; every implementation still refuses a key outside that shape.
 */
export type Storage = {
  mode: 'disk' | 's3';
  put: (options: { key: string; body: Uint8Array; contentType: string }) => Promise<void>;
  /** null when there is no object under the key. */
  get: (key: string) => Promise<StoredObject | null>;
  /** Removing a missing object is not an error. */
  delete: (key: string) => Promise<void>;
};

const storageKeyPattern = /^[a-z0-9-]{1,40}\/[A-Za-z0-9_-]{1,128}$/;

export function assertStorageKey(key: string): void {
  if (!storageKeyPattern.test(key)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
}
