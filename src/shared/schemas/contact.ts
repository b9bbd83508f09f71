import { z } from 'zod';
import { emailField, optionalText, phoneCharacters, requiredText } from './common';

// spec: customer-site 5, "Contact form: name, email, subject and message required; phone optional".
export const contactMessageInputSchema = z
  .object({
    name: requiredText('Name', 120),
    email: emailField(),
    phone: optionalText('Phone', 40).pipe(z.string().regex(phoneCharacters, 'Enter a valid phone number')),
    subject: requiredText('Subject', 200),
    message: requiredText('Message', 5000),
  })
  .strict();

export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

export const contactMessageResponseSchema = z.object({ id: z.string().uuid() });
