// Phone numbers and street addresses as people read them, never broken across two lines in the
// middle of a number: `(803) 555-0142` whole, a house number kept with its street's first word.
import type { ReactNode } from 'react';
import { business } from '../../shared/business';
import { formatPhone, phoneHref } from '../../shared/phone';

/** A phone number written one way everywhere (src/shared/phone.ts), on one line. */
export function PhoneNumber({ value = business.phone }: { value?: string }) {
  return <span className="whitespace-nowrap">{formatPhone(value)}</span>;
}

/** A `tel:` link (the business's number unless another is given); what comes before the number, such as an icon or "Call", is its children. */
export function PhoneLink({ value = business.phone, className, children }: { value?: string; className?: string; children?: ReactNode }) {
  return (
    <a href={phoneHref(value)} className={className}>
      {children}
      <PhoneNumber value={value} />
    </a>
  );
}

/** A street address with its number group (`118 Sunset`) held together; the rest wraps as it must. */
export function StreetAddress({ value }: { value: string }) {
  const match = /^(\S*\d\S*\s+\S+)(.*)$/.exec(value.trim());
  if (!match) return <>{value}</>;
  return (
    <>
      <span className="whitespace-nowrap">{match[1]}</span>
      {match[2]}
    </>
  );
}
