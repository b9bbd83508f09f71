// The wizard's key for one submission (DESIGN.md 5.1): made when the customer presses Pay for a
// draft and kept with it in session storage, so that pressing Pay again for the same draft (a
// retry, or this tab after paying in the checkout's tab) sends the same key and the server answers
// the same booking, never a second one. A changed draft is a new submission with a new key.

export type SubmissionMemo = {
  /** A random UUID: the customer's secret for this submission. */
  key: string;
  /** The request it was made for, as canonical JSON. */
  request: string;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** JSON with every object's keys in order: the same request reads the same after a reload. */
export function canonicalRequest(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalRequest).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalRequest(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A random (version 4) UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The submission for this request: the remembered one when the request is the same, else a new key. */
export function submissionFor(previous: SubmissionMemo | null, request: object, makeKey: () => string = newSubmissionKey): SubmissionMemo {
  const canonical = canonicalRequest(request);
  return previous && previous.request === canonical ? previous : { key: makeKey(), request: canonical };
}

/** A remembered submission read back from session storage, or null when it is not one. */
export function readSubmissionMemo(value: unknown): SubmissionMemo | null {
  const memo = value as Partial<SubmissionMemo> | null | undefined;
  if (!memo || typeof memo.key !== 'string' || typeof memo.request !== 'string' || !uuidPattern.test(memo.key)) return null;
  return { key: memo.key, request: memo.request };
}
