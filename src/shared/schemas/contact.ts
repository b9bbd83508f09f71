import { z } from 'zod';

// spec: customer-site 5, "Contact form: name, email, subject and message required; phone optional".
export const contactMessageInputSchema = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is too long'),
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email is too long')
      .pipe(z.email('Enter a valid email address')),
    phone: z
      .string({ error: 'Phone must be text' })
      .trim()
      .max(40, 'Phone number is too long')
      .regex(/^[0-9+().\-\s]*$/, 'Enter a valid phone number')
      .optional()
      .default(''),
    subject: z
      .string({ error: 'Subject is required' })
      .trim()
      .min(1, 'Subject is required')
      .max(200, 'Subject is too long'),
    message: z
      .string({ error: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .max(5000, 'Message is too long (5,000 characters at most)'),
  })
  .strict();

export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

export const contactMessageResponseSchema = z.object({ id: z.string().uuid() });
