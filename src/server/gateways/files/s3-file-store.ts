// The production FileStore (docs/design.md 9, files): one object per key in an S3-compatible bucket
// (AWS S3, or R2 / MinIO / Spaces through `endpoint` and usually `forcePathStyle`). The only file
// that imports `@aws-sdk/client-s3` (docs/conventions.md 4).
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertFileKey, type FileStore, type StoredFile } from './file-store';

export type S3FileStoreOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL; AWS itself when absent. */
  endpoint?: string;
  /** Without both keys the SDK's default chain finds credentials (env, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`; most non-AWS services want it. */
  forcePathStyle?: boolean;
  /** Put before every key, e.g. 'washday/', so one bucket can hold several apps or environments. */
  prefix?: string;
};

export function s3FileStore(options: S3FileStoreOptions): FileStore {
  const { bucket, prefix = '' } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Since early 2025 the SDK adds a CRC32 checksum to every upload by default (a header for a
    // byte-array body, an aws-chunked trailer for a stream) and asks for checksums on download,
    // which some S3-compatible services do not support. S3 needs none for these calls; the body's
    // SHA-256 is still part of the SigV4 signature.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // The key is checked before the prefix is added, so the check sees what the server made.
  const objectKey = (key: string) => {
    assertFileKey(key);
    return `${prefix}${key}`;
  };

  return {
    kind: 's3',
    async put(key, file) {
      const Key = objectKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: file.bytes, ContentType: file.contentType }));
    },
    async get(key): Promise<StoredFile | null> {
      const Key = objectKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        return { bytes, contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      // S3 answers 204 whether or not the object existed, which is the interface's contract.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    },
  };
}

/**
 * NoSuchKey, or a bare 404 from a service that sends no error code. A missing bucket is also a 404
 * but is a configuration error, so it is thrown rather than read as "no file".
 */
function isMissingObject(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'NoSuchKey') return true;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 && err.name !== 'NoSuchBucket';
}
