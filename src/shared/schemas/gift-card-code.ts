// A gift-card code as every form that takes one reads it (docs/design.md 9: the booking, the
// balance check, paying what is due in decision 064).
import * as z from 'zod/mini';
import { prices } from '../business';

/** A gift-card code as the customer types it: trimmed, upper-cased (docs/design.md 9). */
export const giftCardCodeField = z.pipe(
  z
    .string({ error: 'Please enter a gift card code.' })
    .check(
      z.trim(),
      z.minLength(1, 'Please enter a gift card code.'),
      z.maxLength(prices.giftCardCodeMaxLength, `Gift card codes are ${prices.giftCardCodeMaxLength} characters at most.`),
    ),
  z.transform((s) => s.toUpperCase()),
);

