import { describe, expect, it } from 'vitest';
import { invoiceMessages } from '../../../shared/schemas/invoices';
import { checkFieldsTitle } from './form-read';
import { newTermsFormValues, readTermsForm, termsFormField } from './terms-form-values';

describe('the Send Terms form (spec: back-office 5, send terms)', () => {
  it('starts empty', () => {
    expect(newTermsFormValues()).toEqual({ clientEmail: '', clientName: '' });
  });

  it('sends the email and the name, trimmed', () => {
    expect(readTermsForm({ clientEmail: ' jane@example.com ', clientName: ' Jane Doe ' })).toEqual({ ok: true, request: { clientEmail: 'jane@example.com', clientName: 'Jane Doe' } });
  });

  it('the name is optional', () => {
    expect(readTermsForm({ clientEmail: 'jane@example.com', clientName: '' })).toEqual({ ok: true, request: { clientEmail: 'jane@example.com', clientName: '' } });
  });

  it.each([[''], ['   ']])("an email of %j is 'Email Required', marked on the field", (clientEmail) => {
    expect(readTermsForm({ clientEmail, clientName: 'Jane Doe' })).toEqual({
      ok: false,
      errors: { clientEmail: 'Please enter a client email address.' },
      problem: { title: 'Email Required', message: 'Please enter a client email address.' },
    });
  });

  it('an email that is not one is marked with its own message', () => {
    expect(readTermsForm({ clientEmail: 'jane@', clientName: '' })).toEqual({
      ok: false,
      errors: { clientEmail: invoiceMessages.email },
      problem: { title: checkFieldsTitle, message: invoiceMessages.email },
    });
  });

  it("places the server's field errors on the form's fields", () => {
    expect(termsFormField('clientEmail')).toBe('clientEmail');
    expect(termsFormField('clientName')).toBe('clientName');
    expect(termsFormField('toString')).toBeUndefined();
  });
});
