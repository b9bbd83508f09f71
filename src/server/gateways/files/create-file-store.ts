// The FileStore the configuration names (docs/design.md 9, files): the folder by default; the bucket
// when S3_BUCKET is set, its SDK loaded when a file is first read or written, not at start-up.
import type { Config } from '../../config';
import { diskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';

export function createFileStore(config: Config['files']): FileStore {
  if (config.kind === 'disk') return diskFileStore(config.dir);
  let loading: Promise<FileStore> | null = null;
  const store = () => (loading ??= import('./s3-file-store').then((m) => m.s3FileStore(config)));
  return {
    kind: 's3',
    put: async (key, file) => (await store()).put(key, file),
    get: async (key) => (await store()).get(key),
    delete: async (key) => (await store()).delete(key),
  };
}
