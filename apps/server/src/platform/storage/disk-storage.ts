import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type Storage } from './storage';

/** Files under `root` (created on first write); a write lands under a temporary name and is renamed into place. */
export function createDiskStorage(options: { root: string }): Storage {
  const root = path.resolve(options.root);
  const locate = (key: string) => {
    assertStorageKey(key);
    const location = path.resolve(root, key);
    if (!location.startsWith(root + path.sep)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
    return location;
  };
  return {
    mode: 'disk',
    async put({ key, body }) {
      const location = locate(key);
      await fsPromises.mkdir(path.dirname(location), { recursive: true });
      const temporary = `${location}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fsPromises.writeFile(temporary, body, { flag: 'wx' });
        await fsPromises.rename(temporary, location);
      } catch (error) {
        await fsPromises.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const location = locate(key);
      let size: number;
      try {
        size = (await fsPromises.stat(location)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return { stream: fs.createReadStream(location), size };
    },
    async delete(key) {
      await fsPromises.rm(locate(key), { force: true });
    },
  };
}
