// The development and single-machine FileStore: one file per key under a folder (by default
// <data directory>/files), written to a temporary name and renamed, so a reader never sees half a
// photo; the content type is kept beside it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertFileKey, type FileStore, type StoredFile } from './file-store';

export function diskFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, file) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.partial`;
      await fs.writeFile(temporary, file.bytes);
      await fs.writeFile(`${target}.type`, file.contentType);
      await fs.rename(temporary, target);
    },
    async get(key): Promise<StoredFile | null> {
      const target = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([fs.readFile(target), fs.readFile(`${target}.type`, 'utf8')]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const target = pathOf(key);
      await Promise.all([fs.rm(target, { force: true }), fs.rm(`${target}.type`, { force: true })]);
    },
  };
}
