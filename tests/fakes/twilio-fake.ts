// A local HTTP fake of Twilio's Messages endpoint (POST /2010-04-01/Accounts/{sid}/Messages.json)
// for the SMS sender's contract tests: the sender talks to it over real HTTP, so what is asserted
// is what would go over the wire. It records every request, answers 201 with a message resource
// like Twilio's, checks Basic auth when given credentials, and can be told how to answer next
// (an error status and body, a dropped connection, or no answer at all).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TwilioRecordedRequest = {
  method: string;
  path: string;
  /** The form-encoded body, decoded (Twilio's To, From, Body...). */
  form: Record<string, string>;
  contentType: string | null;
  authorization: string | null;
  idempotencyToken: string | null;
  /** The status answered; 0 when the connection was dropped or left hanging. */
  status: number;
};

export type TwilioFakeAnswer =
  /** Answer with this status and JSON body. */
  | { status: number; body?: Record<string, unknown> }
  /** Drop the connection without answering (a network failure). */
  | { drop: true }
  /** Never answer (for timeouts); the socket is closed with the fake. */
  | { hang: true };

export type TwilioFake = {
  url: string;
  requests: TwilioRecordedRequest[];
  /** The next request (then the one after, in order) gets this answer instead of the normal one. */
  answerNext(answer: TwilioFakeAnswer): void;
  clearRequests(): void;
  close(): Promise<void>;
};

const messagesPath = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

export async function startTwilioFake(options: { accountSid?: string; authToken?: string } = {}): Promise<TwilioFake> {
  const requests: TwilioRecordedRequest[] = [];
  const queued: TwilioFakeAnswer[] = [];
  let counter = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const record: TwilioRecordedRequest = {
      method: req.method ?? 'GET',
      path,
      form: Object.fromEntries(new URLSearchParams(raw)),
      contentType: header(req, 'content-type'),
      authorization: header(req, 'authorization'),
      idempotencyToken: header(req, 'i-twilio-idempotency-token'),
      status: 0,
    };
    requests.push(record);
    const reply = (status: number, body: Record<string, unknown>) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };

    const injected = queued.shift();
    if (injected) {
      if ('drop' in injected) return void req.socket.destroy();
      if ('hang' in injected) return;
      return reply(injected.status, injected.body ?? {});
    }

    const match = messagesPath.exec(path);
    if (record.method !== 'POST' || !match) {
      return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    const accountSid = decodeURIComponent(match[1] ?? '');
    if (options.accountSid !== undefined && options.authToken !== undefined) {
      const expected = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
      if (record.authorization !== expected || accountSid !== options.accountSid) {
        return reply(401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
      }
    }
    const { To: to, From: from, Body: body } = record.form;
    if (!to) return reply(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    if (!from) return reply(400, { code: 21603, message: "A 'From' phone number is required.", status: 400 });
    if (!body) return reply(400, { code: 21602, message: 'Message body is required.', status: 400 });

    const now = new Date().toUTCString();
    const sid = `SM${(++counter).toString(16).padStart(4, '0')}${randomBytes(14).toString('hex')}`;
    return reply(201, {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid,
      status: 'queued',
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 20500, message: `Fake crashed: ${String(e)}`, status: 500 }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext(answer) {
      queued.push(answer);
    },
    clearRequests() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
