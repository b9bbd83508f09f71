// Contract and unit tests of the SMS gateway (docs/design.md 1; decision 005): the Twilio sender
// against a local HTTP fake of Twilio's Messages endpoint (exact path, form fields, auth and
// idempotency header on the wire, and how answers map to results and retryable errors), Twilio's
// webhook signature, US phone normalisation and the inbound keywords.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTwilioFake, type TwilioFake } from '../../../../tests/fakes/twilio-fake';
import { parseInboundKeyword } from './sms-keywords';
import { normalisePhoneNumber, outboxSmsSender, SmsSendError, type SmsSender } from './sms-sender';
import { createTwilioSmsSender } from './twilio-sms';
import { twilioSignature, verifyTwilioSignature } from './twilio-signature';

const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'washday_twilio_test_token';
const from = '+18035550100';

let fake: TwilioFake;
let sender: SmsSender;

beforeAll(async () => {
  fake = await startTwilioFake({ accountSid, authToken });
  sender = createTwilioSmsSender({ accountSid, authToken, from, baseUrl: fake.url });
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.clearRequests();
});

async function sendError(promise: Promise<unknown>): Promise<SmsSendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

const text = { to: '+18035550142', body: 'Washday: your pick-up is confirmed for Tue 9-11am & we\'ll call 30 min before.', idempotencyKey: 'sms-confirm-bk_101' };

describe('Twilio sender: the request on the wire', () => {
  it('POSTs the form to the account Messages endpoint with Basic auth and the idempotency token', async () => {
    await sender.send(text);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.form).toEqual({ To: '+18035550142', From: from, Body: text.body });
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
    expect(request.idempotencyToken).toBe('sms-confirm-bk_101');
  });

  it('is the twilio kind', () => {
    expect(sender.kind).toBe('twilio');
  });
});

describe('Twilio sender: answers', () => {
  it('maps a 201 to sent with the message sid', async () => {
    const result = await sender.send(text);
    expect(result.status).toBe('sent');
    expect(result.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.requests[0]!.status).toBe(201);
  });

  it('maps a 400 with code 21610 (recipient replied STOP) to a final error with Twilio\'s code and message', async () => {
    const message = "Attempt to send to unsubscribed recipient";
    fake.answerNext({ status: 400, body: { code: 21610, message, more_info: 'https://www.twilio.com/docs/errors/21610', status: 400 } });
    const error = await sendError(sender.send(text));
    expect(error.retryable).toBe(false);
    expect(error.code).toBe('21610');
    expect(error.message).toBe(message);
  });

  it('treats wrong credentials (401 from Twilio) as final', async () => {
    const wrong = createTwilioSmsSender({ accountSid, authToken: 'not-the-token', from, baseUrl: fake.url });
    const error = await sendError(wrong.send(text));
    expect(fake.requests[0]!.status).toBe(401);
    expect(error.retryable).toBe(false);
    expect(error.code).toBe('20003');
  });

  it('maps a 503 to a retryable error', async () => {
    fake.answerNext({ status: 503, body: { code: 20503, message: 'Service unavailable', status: 503 } });
    const error = await sendError(sender.send(text));
    expect(error.retryable).toBe(true);
    expect(error.code).toBe('20503');
  });

  it('maps a 429 (too many requests) to a retryable error', async () => {
    fake.answerNext({ status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } });
    const error = await sendError(sender.send(text));
    expect(error.retryable).toBe(true);
    expect(error.code).toBe('20429');
  });

  it('keeps an error readable when the body is not Twilio JSON', async () => {
    fake.answerNext({ status: 502 });
    const error = await sendError(sender.send(text));
    expect(error.retryable).toBe(true);
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('Twilio answered HTTP 502');
  });

  it('maps a dropped connection to a retryable error', async () => {
    fake.answerNext({ drop: true });
    const error = await sendError(sender.send(text));
    expect(fake.requests).toHaveLength(1);
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^Twilio could not be reached/);
  });

  it('maps a refused connection (nothing listening) to a retryable error', async () => {
    const port = await closedPort();
    const offline = createTwilioSmsSender({ accountSid, authToken, from, baseUrl: `http://127.0.0.1:${port}` });
    const error = await sendError(offline.send(text));
    expect(error.retryable).toBe(true);
  });

  it('gives up waiting after the timeout, retryably', async () => {
    fake.answerNext({ hang: true });
    const impatient = createTwilioSmsSender({ accountSid, authToken, from, baseUrl: fake.url, timeoutMs: 200 });
    const error = await sendError(impatient.send(text));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('no answer within 200 ms');
  });

  it('uses https://api.twilio.com by default, with a 15 s timeout', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      calls.push({ url: String(input), init });
      return Promise.resolve(new Response(JSON.stringify({ sid: 'SMdefault' }), { status: 201 }));
    };
    const real = createTwilioSmsSender({ accountSid, authToken, from, fetch: recordingFetch });
    expect(await real.send(text)).toEqual({ status: 'sent', providerId: 'SMdefault' });
    expect(calls[0]!.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(calls[0]!.init?.signal).toBeInstanceOf(AbortSignal);
  });
});

describe('outbox sender', () => {
  it('sends nothing and keeps the text', async () => {
    expect(outboxSmsSender.kind).toBe('outbox');
    expect(await outboxSmsSender.send(text)).toEqual({ status: 'kept', providerId: null });
  });
});

describe('Twilio webhook signature', () => {
  // Twilio's published example (security docs; also the vector in Twilio's own helper libraries'
  // RequestValidator tests): auth token 12345, this URL and these POST params.
  const docToken = '12345';
  const docUrl = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const docParams = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
  const docSignature = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

  it("reproduces Twilio's documented example", () => {
    expect(twilioSignature(docToken, docUrl, docParams)).toBe(docSignature);
    expect(verifyTwilioSignature(docToken, docUrl, docParams, docSignature)).toBe(true);
  });

  it('matches an HMAC-SHA1 computed by hand, whatever order the params arrive in', () => {
    const url = 'https://washday.example/api/sms/inbound';
    const params = { To: from, MessageSid: 'SM123', Body: 'Stop', From: '+18035550142', AccountSid: accountSid };
    const data = `${url}AccountSid${accountSid}BodyStopFrom+18035550142MessageSidSM123To${from}`;
    const byHand = createHmac('sha1', authToken).update(data).digest('base64');
    expect(twilioSignature(authToken, url, params)).toBe(byHand);
    expect(verifyTwilioSignature(authToken, url, params, byHand)).toBe(true);
  });

  it('rejects a tampered URL, param, token or signature, and a missing header', () => {
    expect(verifyTwilioSignature(docToken, `${docUrl}&baz=3`, docParams, docSignature)).toBe(false);
    expect(verifyTwilioSignature(docToken, docUrl.replace('https:', 'http:'), docParams, docSignature)).toBe(false);
    expect(verifyTwilioSignature(docToken, docUrl, { ...docParams, Digits: '9999' }, docSignature)).toBe(false);
    expect(verifyTwilioSignature(docToken, docUrl, { ...docParams, Extra: '' }, docSignature)).toBe(false);
    const { Digits: _dropped, ...withoutDigits } = docParams;
    expect(verifyTwilioSignature(docToken, docUrl, withoutDigits, docSignature)).toBe(false);
    expect(verifyTwilioSignature('54321', docUrl, docParams, docSignature)).toBe(false);
    expect(verifyTwilioSignature(docToken, docUrl, docParams, docSignature.replace('R', 'S'))).toBe(false);
    expect(verifyTwilioSignature(docToken, docUrl, docParams, 'short')).toBe(false);
    expect(verifyTwilioSignature(docToken, docUrl, docParams, 'invalid 王')).toBe(false);
    expect(verifyTwilioSignature(docToken, docUrl, docParams, '')).toBe(false);
    expect(verifyTwilioSignature(docToken, docUrl, docParams, undefined)).toBe(false);
  });

  it('accepts the URL with or without the default port, as Twilio signs both forms', () => {
    const withPort = 'https://mycompany.com:443/myapp.php?foo=1&bar=2';
    expect(verifyTwilioSignature(docToken, withPort, docParams, docSignature)).toBe(true);
    const signedWithPort = twilioSignature(docToken, withPort, docParams);
    expect(verifyTwilioSignature(docToken, docUrl, docParams, signedWithPort)).toBe(true);
    // Another port is another URL.
    expect(verifyTwilioSignature(docToken, 'https://mycompany.com:8443/myapp.php?foo=1&bar=2', docParams, docSignature)).toBe(false);
  });
});

describe('normalisePhoneNumber', () => {
  it.each([
    ['(803) 555-0142', '+18035550142'],
    ['803-555-0142', '+18035550142'],
    ['803.555.0142', '+18035550142'],
    ['8035550142', '+18035550142'],
    ['  803 555 0142  ', '+18035550142'],
    ['+1 803 555 0142', '+18035550142'],
    ['+1 (803) 555-0142', '+18035550142'],
    ['+18035550142', '+18035550142'],
    ['18035550142', '+18035550142'],
    ['1-803-555-0142', '+18035550142'],
  ])('%j → %s', (input, expected) => {
    expect(normalisePhoneNumber(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['555-0142'],
    ['803555014'],
    ['803555014234'],
    ['28035550142'],
    ['+8035550142'],
    ['+44 20 7946 0958'],
    ['+2 803 555 0142'],
    ['(103) 555-0142'],
    ['(803) 155-0142'],
    ['803-555-0142 x12'],
    ['803-CALL-NOW'],
    ['++18035550142'],
    ['1+8035550142'],
  ])('%j → null', (input) => {
    expect(normalisePhoneNumber(input)).toBeNull();
  });
});

describe('parseInboundKeyword', () => {
  it.each([
    ['STOP', 'stop'],
    ['stop', 'stop'],
    [' Stop. ', 'stop'],
    ['STOP!!', 'stop'],
    ['"stop"', 'stop'],
    ['StopAll', 'stop'],
    ['unsubscribe', 'stop'],
    ['Cancel', 'stop'],
    ['end', 'stop'],
    ['QUIT', 'stop'],
    ['start', 'start'],
    ['Yes!', 'start'],
    ['UNSTOP', 'start'],
    ['skip', 'skip'],
    ['SKIP.', 'skip'],
    ['\n  Skip \n', 'skip'],
    ['help', 'help'],
    ['Help?', 'help'],
    ['info', 'help'],
    ['ＳＴＯＰ', 'stop'],
  ] as const)('%j → %s', (body, expected) => {
    expect(parseInboundKeyword(body)).toBe(expected);
  });

  it.each([
    ['stop please'],
    ['please stop'],
    ['STOP STOP'],
    ['stopp'],
    ['s t o p'],
    ['yes please'],
    ['skip tuesday'],
    ['Can you come at 3?'],
    [''],
    ['   '],
    ['...'],
    ['constructor'],
    ['toString'],
  ])('%j → null', (body) => {
    expect(parseInboundKeyword(body)).toBeNull();
  });
});

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
