// The production SmsSender: Twilio's Messages API called directly with fetch (no SDK, one small
// request). Errors are sorted for the outbox worker: Twilio refusing the text (bad number, the
// recipient replied STOP, bad credentials) is final; rate limits, outages, timeouts and network
// failures are worth another attempt, which the idempotency token keeps from becoming a second text.
import { SmsSendError, type SmsSender } from './sms-sender';

export type TwilioSmsOptions = {
  accountSid: string;
  authToken: string;
  /** Our Twilio number (E.164) or a Messaging Service's sender. */
  from: string;
  /** Default https://api.twilio.com; tests point it at a local fake. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Default 15 s. */
  timeoutMs?: number;
};

const defaultBaseUrl = 'https://api.twilio.com';
const defaultTimeoutMs = 15_000;

type TwilioErrorBody = { code?: unknown; message?: unknown };

export function createTwilioSmsSender(options: TwilioSmsOptions): SmsSender {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
  const endpoint = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;

  return {
    kind: 'twilio',
    async send({ to, body, idempotencyKey }) {
      let response: Response;
      let text: string;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            'i-twilio-idempotency-token': idempotencyKey,
          },
          body: new URLSearchParams({ To: to, From: options.from, Body: body }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (e) {
        // Timeout, refused connection, reset: Twilio may or may not have the text; retrying with
        // the same token is the safe move.
        const reason = e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : errorMessage(e);
        throw new SmsSendError(`Twilio could not be reached: ${reason}`, true);
      }

      const json = parseJson(text);
      if (response.ok) {
        // Twilio took the text; a malformed answer must not make us send it again.
        const sid = json && typeof json.sid === 'string' ? json.sid : null;
        return { status: 'sent', providerId: sid };
      }

      const error = (json ?? {}) as TwilioErrorBody;
      const code = typeof error.code === 'number' || typeof error.code === 'string' ? String(error.code) : undefined;
      const message = typeof error.message === 'string' && error.message ? error.message : `Twilio answered HTTP ${response.status}`;
      throw new SmsSendError(message, isRetryableStatus(response.status), code);
    },
  };
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function errorMessage(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  // undici puts the useful part (ECONNREFUSED, socket closed) in the cause.
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${e.message}${cause}`;
}
