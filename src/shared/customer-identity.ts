// Who a customer is, for the rules that count a customer's bookings (first-time promo codes, uses
// per customer, one open free booking): an email or a phone written another way is the same
// customer. docs/decisions/013. The same rules are written in SQL once, in migration 0010's
// backfill of the keys of older bookings (tested against these in customer-identity.test.ts).

/** Mailboxes that ignore dots in the local part and know googlemail.com as gmail.com. */
const dotlessDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * An email as a key: lower case, no `+tag` after the local part, and for Gmail no dots and one
 * domain. `Jane.Doe+laundry@GoogleMail.com` and `janedoe@gmail.com` are one customer.
 */
export function customerEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at).split('+')[0]!;
  let domain = lower.slice(at + 1);
  if (dotlessDomains.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * A phone number as a key: its digits, without an international `00` prefix or the North American
 * country code 1. `+1 (803) 555-0142`, `001 803 555 0142` and `803.555.0142` are one customer.
 */
export function customerPhoneKey(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits;
}
