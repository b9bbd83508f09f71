// The wizard's key for one submission (docs/design.md 5.1): made when the customer presses Pay for a
// draft and kept with it in session storage, so that pressing Pay again for the same draft (a
// retry, or this tab after paying in the checkout's tab) sends the same key and the server answers
// the same booking, never a second one. A changed draft is a new submission with a new key.
// Loaded when Pay is pressed, not with the wizard (the /book budget, docs/decisions/009).

import type { SubmissionMemo } from './booking-draft';

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
  return (
    crypto.randomUUID?.() ??
    '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) => (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16))
  );
}

/** The submission for this request: the remembered one when the request is the same, else a new key. */
export function submissionFor(previous: SubmissionMemo | null, request: object, makeKey: () => string = newSubmissionKey): SubmissionMemo {
  const canonical = canonicalRequest(request);
  return previous && previous.request === canonical ? previous : { key: makeKey(), request: canonical };
}

