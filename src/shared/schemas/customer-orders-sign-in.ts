// "My orders" sign-in (decision 021): the one field the /orders page validates in the browser, on
// its own so that the page's form chunk carries nothing else (zod/mini).
import * as z from 'zod/mini';
import { phoneCharacters } from './common';

export const signInAddressMessage = 'Enter the email address or phone number you booked with';

/** An email or a US phone number, as the customer typed it when they booked. */
export const orderSignInRequestSchema = z.strictObject({
  address: z
    .string({ error: signInAddressMessage })
    .check(
      z.trim(),
      z.minLength(1, signInAddressMessage),
      z.maxLength(254, 'That is too long for an email address or phone number'),
      z.refine((value) => isEmailLike(value) || isPhoneLike(value), signInAddressMessage),
    ),
});
export type OrderSignInRequest = z.infer<typeof orderSignInRequestSchema>;

function isEmailLike(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

function isPhoneLike(value: string): boolean {
  if (!phoneCharacters.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

/** The address as an email when it has an @, else a phone number. */
export function signInChannel(address: string): 'email' | 'phone' {
  return address.includes('@') ? 'email' : 'phone';
}

