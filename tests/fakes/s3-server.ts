// A local HTTP fake of the S3 REST API, just path-style PutObject / GetObject / DeleteObject on
// `/<bucket>/<key>` in one bucket, for the file store's contract tests: the real SDK talks to it
// over HTTP, so what is asserted is what would go over the wire. It keeps objects in memory, answers
// errors with S3's XML bodies, and records every request with whether it was SigV4-signed (the
// signature itself is not checked). A body's x-amz-content-sha256, when it is a hash, is checked as
// S3 does, so a body mangled on the way fails here as it would there.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3RecordedRequest = {
  method: string;
  /** The URL path, still percent-encoded as sent, without the query. */
  path: string;
  /** The authorization header starts with AWS4-HMAC-SHA256. */
  signed: boolean;
  /** The x-amz-content-sha256 header: a hex hash, UNSIGNED-PAYLOAD, STREAMING-..., or null. */
  contentSha256: string | null;
  /** Names of the flexible-checksum headers sent (x-amz-checksum-*, x-amz-sdk-checksum-algorithm). */
  checksumHeaders: string[];
  status: number;
};

export type S3FakeObject = { bytes: Uint8Array; contentType: string };

export type S3Fake = {
  url: string;
  bucket: string;
  requests: S3RecordedRequest[];
  /** The bucket's objects by key (the key as S3 sees it, prefix included). */
  objects: Map<string, S3FakeObject>;
  close(): Promise<void>;
};

export async function startFakeS3(): Promise<S3Fake> {
  const bucket = 'washday-test';
  const requests: S3RecordedRequest[] = [];
  const objects = new Map<string, S3FakeObject>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const contentSha256 = header(req, 'x-amz-content-sha256');
    const record: S3RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      signed: header(req, 'authorization')?.startsWith('AWS4-HMAC-SHA256') ?? false,
      contentSha256,
      checksumHeaders: Object.keys(req.headers).filter((name) => /^x-amz-(checksum-|sdk-checksum-)/.test(name)),
      status: 0,
    };
    requests.push(record);
    const reply = (status: number, headers: Record<string, string>, payload?: Uint8Array | string) => {
      record.status = status;
      res.writeHead(status, { 'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(), ...headers });
      res.end(payload);
    };
    const error = (status: number, code: string, message: string) =>
      reply(
        status,
        { 'content-type': 'application/xml' },
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
      );

    // `/<bucket>/<key>`; the key may itself hold slashes
    const [, bucketName = '', ...keyParts] = path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (decodeURIComponent(bucketName) !== bucket) return error(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    if (!key) return error(501, 'NotImplemented', 'Only object requests are implemented by this fake.');

    switch (record.method) {
      case 'PUT': {
        // Decoding aws-chunked bodies (streaming signatures, checksum trailers) is not implemented;
        // the store is configured so that the SDK sends plain bodies.
        if (/aws-chunked/.test(header(req, 'content-encoding') ?? '') || contentSha256?.startsWith('STREAMING-')) {
          return error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented.');
        }
        if (contentSha256 && /^[0-9a-f]{64}$/.test(contentSha256) && createHash('sha256').update(body).digest('hex') !== contentSha256) {
          return error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
        }
        objects.set(key, { bytes: new Uint8Array(body), contentType: header(req, 'content-type') ?? 'binary/octet-stream' });
        return reply(200, { etag: etagOf(body) });
      }
      case 'GET': {
        const object = objects.get(key);
        if (!object) return error(404, 'NoSuchKey', 'The specified key does not exist.');
        return reply(
          200,
          { 'content-type': object.contentType, 'content-length': String(object.bytes.byteLength), etag: etagOf(object.bytes) },
          object.bytes,
        );
      }
      case 'DELETE':
        objects.delete(key);
        return reply(204, {});
      default:
        return error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>Fake crashed: ${String(e)}</Message></Error>`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    requests,
    objects,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function etagOf(bytes: Uint8Array): string {
  return `"${createHash('md5').update(bytes).digest('hex')}"`;
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
