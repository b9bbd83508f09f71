// Phone numbers and street addresses as people read them, never broken across two lines in the
// middle of a number: `(803) 555-0142` whole, a house number kept with its street's first word.
import type { ReactNode } from 'react';
import { formatPhone, phoneHref } from '../../shared/phone';
import { useSiteBusiness } from '../lib/site-business';

/** A phone number written one way everywhere (src/shared/phone.ts), on one line. */
export function PhoneNumber({ value }: { value?: string }) {
  const site = useSiteBusiness();
  return <span className="whitespace-nowrap">{formatPhone(value ?? site.phone)}</span>;
}

/** A `tel:` link (the business's number unless another is given); what comes before the number, such as an icon or "Call", is its children. */
export function PhoneLink({ value, className, children }: { value?: string; className?: string; children?: ReactNode }) {
  const site = useSiteBusiness();
  return (
    <a href={phoneHref(value ?? site.phone)} className={className}>
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
