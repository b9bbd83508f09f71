// Text messages behind one small interface (docs/design.md 1, SMS row; docs/conventions.md 4): Twilio's REST API
// when it is configured, the outbox otherwise. Callers send only to customers who consented
// (docs/design.md 6); this layer does not know about consent, only about delivering one text.

export type SmsSendInput = {
  /** E.164, e.g. +18035550142 (see normalisePhoneNumber). */
  to: string;
  body: string;
  /** The same key for every attempt at the same text, so a retry is not a second text. */
  idempotencyKey: string;
};

export type SmsSendResult = {
  /** sent: handed to the provider; kept: nothing left the building, the text stays in the outbox. */
  status: 'sent' | 'kept';
  /** The provider's message id (Twilio's SM…), when there is one. */
  providerId: string | null;
};

export interface SmsSender {
  readonly kind: 'twilio' | 'outbox';
  send(input: SmsSendInput): Promise<SmsSendResult>;
}

/** A text the provider did not take. `retryable` tells the outbox worker whether to try again
 *  later (rate limit, outage, network) or give up (bad number, recipient replied STOP). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    public readonly retryable: boolean,
    /** The provider's error code as a string, e.g. Twilio's '21610' (recipient unsubscribed). */
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * A US phone number as typed by a customer, in E.164 (`+1` and ten digits), or null when it is not
 * one. Accepts the usual separators (spaces, dots, dashes, parentheses), an optional leading 1 or
 * +1. Area code and exchange must start with 2-9 (NANP), as carriers would refuse anything else.
 */
export function normalisePhoneNumber(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const plus = trimmed.startsWith('+');
  const digits = trimmed.replace(/\D/g, '');
  let national: string;
  if (digits.length === 11 && digits.startsWith('1')) national = digits.slice(1);
  else if (digits.length === 10 && !plus) national = digits;
  else return null;
  // NPA-NXX-XXXX: neither the area code nor the exchange may start with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return null;
  return `+1${national}`;
}

/** The offline sender: nothing leaves the machine; the text stays readable in the outbox. */
export const outboxSmsSender: SmsSender = {
  kind: 'outbox',
  send: () => Promise.resolve({ status: 'kept', providerId: null }),
};
