// What the three staff tools share when they read their forms (spec: back-office 5, 8): the typed
// text read into whole cents, tenths of a pound and quantities with the shared parser (no float
// arithmetic on money), and the answer a form gets: the request, or each field's message and the
// toast that says what is wrong.
import { parseDollarsToCents } from '../../../shared/pricing';

/** A toast's title and its description (spec: back-office 8). */
export type ToolProblem = { title: string; message: string };

/** Form path ('clientEmail', 'customLines.2.unitPrice') → the message shown beside that field. */
export type FormErrors = Record<string, string>;

export type FormRead<R> = { ok: true; request: R } | { ok: false; errors: FormErrors; problem: ToolProblem };

/** Beyond the spec's own toasts: the fields are marked, the toast names the first problem. */
export const checkFieldsTitle = 'Check the highlighted fields';

export const fieldMessages = {
  pounds: 'Enter the pounds as a number, to 0.1 lb',
  quantity: 'Quantities are whole numbers from 1',
} as const;

/** A dollar amount ('12', '12.5', '$12.50') in cents; blank is `blank`; null when it is not one (or negative). */
export function readDollars(text: string, blank: number | null): number | null {
  return text.trim() === '' ? blank : parseDollarsToCents(text);
}

/** Typed as negative ('-5'): the spec's "not above 0" rather than "not an amount". */
export function isNegative(text: string): boolean {
  return /^-\s*\$?\s*\d*\.?\d+$/.test(text.trim());
}

/** Pounds with at most one decimal ('20', '16.4', '.5') in tenths of a pound, read from the digits; blank is 0; null when not. */
export function readPoundsToTenths(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const match = /^(\d*)(?:\.(\d)?)?$/.exec(trimmed);
  const whole = match?.[1] ?? '';
  const tenth = match?.[2] ?? '';
  if (!match || (whole === '' && tenth === '')) return null;
  const tenths = Number(whole || '0') * 10 + Number(tenth || '0');
  return Number.isSafeInteger(tenths) ? tenths : null;
}

/** A whole quantity of 1 or more ('3'); null when not. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 ? quantity : null;
}

/** Where a refusal about no one field is kept: it holds the form back, and its toast says it. */
export const formErrorKey = 'form';

/** The schema's issues, each beside the form field it is about (the first message per field wins). */
export function addIssues(errors: FormErrors, issues: readonly { path: readonly PropertyKey[]; message: string }[], fieldOf: (key: string) => string | undefined) {
  for (const issue of issues) {
    const field = fieldOf(issue.path.map(String).join('.')) ?? formErrorKey;
    if (!(field in errors)) errors[field] = issue.message;
  }
}

/** The spec's toast for the first of `problems` that some field shows, else the first field's message. */
export function problemOf(errors: FormErrors, problems: readonly ToolProblem[]): ToolProblem {
  const messages = Object.values(errors);
  const known = problems.find((p) => messages.includes(p.message));
  return known ?? { title: checkFieldsTitle, message: messages[0] ?? 'Check the form and try again.' };
}

/** "Jane Doe (jane@example.com)", or the email alone when there is no name. */
export function recipientLabel(name: string, email: string): string {
  return name.trim() ? `${name.trim()} (${email})` : email;
}
