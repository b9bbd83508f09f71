// The FileStore contract (docs/design.md 9, files), run against both stores: the folder on disk, and the
// S3 store through the real SDK against a local HTTP fake of S3.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3, type S3Fake } from '../../../../tests/fakes/s3-server';
import { diskFileStore } from './disk-file-store';
import type { FileStore, StoredFile } from './file-store';
import { s3FileStore } from './s3-file-store';

type Harness = {
  store: FileStore;
  /** Every trace of I/O so far: files under the temporary folder, or requests the fake received. */
  traces(): Promise<string[]>;
  close(): Promise<void>;
};

async function startDisk(): Promise<Harness & { root: string }> {
  // the store's root is one level down, so a key that climbed out of it would still be seen
  const temporary = await fs.mkdtemp(path.join(os.tmpdir(), 'washday-files-'));
  const root = path.join(temporary, 'files');
  return {
    store: diskFileStore(root),
    root,
    traces: () => fs.readdir(temporary, { recursive: true }),
    close: () => fs.rm(temporary, { recursive: true, force: true }),
  };
}

function s3StoreFor(fake: S3Fake, options: { prefix?: string; bucket?: string } = {}): FileStore {
  return s3FileStore({
    bucket: fake.bucket,
    region: 'us-east-1',
    endpoint: fake.url,
    forcePathStyle: true,
    accessKeyId: 'AKIAWASHDAYTEST',
    secretAccessKey: 'washday-test-secret',
    ...options,
  });
}

async function startS3(): Promise<Harness & { fake: S3Fake }> {
  const fake = await startFakeS3();
  return {
    store: s3StoreFor(fake),
    fake,
    traces: async () => fake.requests.map((r) => `${r.method} ${r.path}`),
    close: () => fake.close(),
  };
}

const key = 'scale-photos/booking-1/photo-1.jpg';
/** Every byte value, so any text decoding on the way would show. */
const everyByte = Uint8Array.from({ length: 256 }, (_, i) => i);
const photo: StoredFile = { bytes: everyByte, contentType: 'image/jpeg' };

describe.each([
  ['disk', startDisk],
  ['s3', startS3],
] as const)('%s file store', (kind, start) => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await start();
  });
  afterEach(() => harness.close());

  it(`has kind '${kind}'`, () => {
    expect(harness.store.kind).toBe(kind);
  });

  it('gives back the bytes and content type it was given', async () => {
    await harness.store.put(key, photo);
    expect(await harness.store.get(key)).toEqual(photo);
  });

  it('gives back a phone-camera-sized photo whole', async () => {
    const large: StoredFile = { bytes: Uint8Array.from({ length: 5 * 1024 * 1024 }, (_, i) => (i * 31) % 251), contentType: 'image/jpeg' };
    await harness.store.put(key, large);
    const back = await harness.store.get(key);
    expect(back?.bytes.byteLength).toBe(large.bytes.byteLength);
    expect(Buffer.from(back?.bytes ?? []).equals(Buffer.from(large.bytes))).toBe(true);
  });

  it('replaces the file when put again under the same key', async () => {
    await harness.store.put(key, photo);
    const retaken: StoredFile = { bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' };
    await harness.store.put(key, retaken);
    expect(await harness.store.get(key)).toEqual(retaken);
  });

  it('keeps files under different keys apart', async () => {
    const other: StoredFile = { bytes: new Uint8Array([9]), contentType: 'image/webp' };
    await harness.store.put(key, photo);
    await harness.store.put('scale-photos/booking-2/photo-1.jpg', other);
    expect(await harness.store.get(key)).toEqual(photo);
    expect(await harness.store.get('scale-photos/booking-2/photo-1.jpg')).toEqual(other);
  });

  it('gives null for a key with no file', async () => {
    expect(await harness.store.get(key)).toBeNull();
  });

  it('gives null after the file is deleted', async () => {
    await harness.store.put(key, photo);
    await harness.store.delete(key);
    expect(await harness.store.get(key)).toBeNull();
  });

  it('deletes a missing file without error', async () => {
    await expect(harness.store.delete(key)).resolves.toBeUndefined();
  });

  it.each(['../etc/passwd', 'a/b', 'A/B.jpg', 'scale-photos/x/../y.jpg', '/scale-photos/x/y.jpg', 'scale-photos/x/y.jpg/', ''])(
    'refuses the key %j before any I/O',
    async (badKey) => {
      await expect(harness.store.put(badKey, photo)).rejects.toThrow('not a file key');
      await expect(harness.store.get(badKey)).rejects.toThrow('not a file key');
      await expect(harness.store.delete(badKey)).rejects.toThrow('not a file key');
      expect(await harness.traces()).toEqual([]);
    },
  );
});

describe('s3 file store on the wire', () => {
  let fake: S3Fake;
  beforeEach(async () => {
    fake = await startFakeS3();
  });
  afterEach(() => fake.close());

  it('signs every request with SigV4 and sends the body as is', async () => {
    const store = s3StoreFor(fake);
    await store.put(key, photo);
    await store.get(key);
    await store.delete(key);
    expect(fake.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['PUT', `/${fake.bucket}/${key}`, 200],
      ['GET', `/${fake.bucket}/${key}`, 200],
      ['DELETE', `/${fake.bucket}/${key}`, 204],
    ]);
    expect(fake.requests.every((r) => r.signed)).toBe(true);
    // a plain body whose hash was signed (and checked by the fake), and no CRC32 checksums either
    // way, which some S3-compatible services do not support
    expect(fake.requests[0]?.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fake.requests.flatMap((r) => r.checksumHeaders)).toEqual([]);
  });

  it('puts the prefix before every key', async () => {
    const store = s3StoreFor(fake, { prefix: 'washday/' });
    await store.put(key, photo);
    expect(fake.requests[0]?.path).toBe(`/${fake.bucket}/washday/${key}`);
    expect(fake.objects.get(`washday/${key}`)).toEqual(photo);
    expect(await store.get(key)).toEqual(photo);
    expect(await s3StoreFor(fake).get(key)).toBeNull();
    await store.delete(key);
    expect(fake.objects.size).toBe(0);
  });

  it('throws, rather than finding no file, when the bucket does not exist', async () => {
    const store = s3StoreFor(fake, { bucket: 'not-washday' });
    await expect(store.get(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('disk file store folder', () => {
  it('leaves no partial files behind', async () => {
    const disk = await startDisk();
    try {
      await disk.store.put(key, photo);
      await disk.store.put(key, { bytes: new Uint8Array([1]), contentType: 'image/png' });
      const files = await fs.readdir(disk.root, { recursive: true });
      expect(files.filter((f) => f.endsWith('.partial'))).toEqual([]);
      expect(files.map((f) => f.split(path.sep).join('/')).sort()).toEqual([
        'scale-photos',
        'scale-photos/booking-1',
        'scale-photos/booking-1/photo-1.jpg',
        'scale-photos/booking-1/photo-1.jpg.type',
      ]);
    } finally {
      await disk.close();
    }
  });
});
