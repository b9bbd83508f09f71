// zod/mini, not zod: the public pages validate their forms with these schemas in the browser, and
// the mini build is a fraction of the size (docs/decisions/009). The server parses with the same
// schemas.
import * as z from 'zod/mini';

/** Field builders shared by the public forms, so a name or an email means the same everywhere. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is too long (${max} characters at most)`));

export const optionalText = (label: string, max: number) =>
  z._default(z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} is too long (${max} characters at most)`)), '');

export const emailField = () =>
  z.pipe(
    z.string({ error: 'Email is required' }).check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Email is too long')),
    z.email('Enter a valid email address'),
  );

export const phoneCharacters = /^[0-9+().\-\s]*$/;
