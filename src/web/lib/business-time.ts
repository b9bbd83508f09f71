// The business's clock in the browser (decision 055): dates are formatted in the time zone the
// served page carries (the server's BUSINESS_TIME_ZONE), whatever the visitor's device says.
import { specSiteBusiness } from '../../shared/site-business';
import { servedSiteBusiness } from './site-business';

let zone: string | undefined;

/** The business's time zone as the served page gives it; the spec's where there is no page (server rendering, tests). */
export function businessTimeZone(): string {
  return (zone ??= typeof document === 'undefined' ? specSiteBusiness.timeZone : servedSiteBusiness(document).timeZone);
}

/** A date formatter in the business's time zone, made on first use (the page's business is read then, not at import). */
export function businessDateFormat(options: Intl.DateTimeFormatOptions): { format: (date: Date) => string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-US', { ...options, timeZone: businessTimeZone() })).format(date) };
}
