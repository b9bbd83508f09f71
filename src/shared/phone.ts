// Phone numbers, one way everywhere: stored normalised (E.164, `+18035550142` for a North
// American number) and shown as `(803) 555-0142` (the business's own number is written
// that way in src/shared/business.ts). A number that is not North American is kept and shown as its digits with a `+`.
import { customerPhoneKey } from './customer-identity';

/** What is stored: `+1` and ten digits for a North American number, else `+` and the digits, '' for none. */
export function normalisePhone(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  const key = customerPhoneKey(trimmed);
  if (key.length === 10) return `+1${key}`;
  return key === '' ? '' : `+${key}`;
}

/** What a person reads: `(803) 555-0142`; a number from elsewhere as `+44 20…` digits; '' stays ''. */
export function formatPhone(stored: string): string {
  const trimmed = stored.trim();
  if (trimmed === '') return '';
  const key = customerPhoneKey(trimmed);
  if (key.length === 10) return `(${key.slice(0, 3)}) ${key.slice(3, 6)}-${key.slice(6)}`;
  return key === '' ? trimmed : `+${key}`;
}

/** A `tel:` link for a stored or typed number. */
export function phoneHref(stored: string): string {
  const normal = normalisePhone(stored);
  return normal === '' ? '' : `tel:${normal}`;
}
