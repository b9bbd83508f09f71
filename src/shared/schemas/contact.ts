import * as z from 'zod/mini';
import { emailField, optionalText, phoneCharacters, requiredText } from './common';

// spec: customer-site 5, "Contact form: name, email, subject and message required; phone optional".
export const contactMessageInputSchema = z.strictObject({
  name: requiredText('Name', 120),
  email: emailField(),
  phone: z.pipe(optionalText('Phone', 40), z.string().check(z.regex(phoneCharacters, 'Enter a valid phone number'))),
  subject: requiredText('Subject', 200),
  message: requiredText('Message', 5000),
});

export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

export const contactMessageResponseSchema = z.object({ id: z.uuid() });
