import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where upload bytes live, by key. The local store keeps them in a directory outside the web
 * root (DATA_DIR/uploads by default), each file readable by the server's user only; an
 * S3-compatible store would implement the same three calls (every node of a cluster must share
 * the store — the local one suits one node).
 */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are our own random ids; anything else is a bug, never a path. */
const KEY = /^[A-Za-z0-9_-]{22}$/;

export function createLocalBlobStore(dir: string): BlobStore {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not an upload key: ${JSON.stringify(key)}`);
    // Two levels keep directories small at a few million files.
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.writeFile(file, data, { mode: 0o600, flag: 'wx' });
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
