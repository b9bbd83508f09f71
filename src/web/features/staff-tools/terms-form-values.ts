// The Send Terms form (spec: back-office 2 "Staff tools", 5 send terms, 8): the client's email is
// required ('Email Required'), their name optional; checked by the request's own schema, so the
// form refuses exactly what the server would.
import * as z from 'zod/mini';
import { invoiceMessages, sendTermsRequestSchema } from '../../../shared/schemas/invoices';
import { addIssues, problemOf, type FormErrors, type FormRead } from './form-read';

export type TermsFormValues = { clientEmail: string; clientName: string };
export type TermsRequest = z.output<typeof sendTermsRequestSchema>;

export function newTermsFormValues(): TermsFormValues {
  return { clientEmail: '', clientName: '' };
}

const fields = new Set(['clientEmail', 'clientName']);
export function termsFormField(key: string): keyof TermsFormValues | undefined {
  return fields.has(key) ? (key as keyof TermsFormValues) : undefined;
}

export function readTermsForm(values: TermsFormValues): FormRead<TermsRequest> {
  const parsed = z.safeParse(sendTermsRequestSchema, { clientEmail: values.clientEmail, clientName: values.clientName });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: FormErrors = {};
  addIssues(errors, parsed.error.issues, termsFormField);
  return { ok: false, errors, problem: problemOf(errors, [invoiceMessages.emailRequired]) };
}
