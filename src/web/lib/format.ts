// The back office's dates and weights, as staff read them.
import { business } from '../../shared/business';

// staff read times in the business's time zone, whatever the laptop says
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: business.timeZone });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: business.timeZone });

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d);
}

/** A weight kept in tenths of a pound: `123` → "12.3 lb". */
export function formatPounds(tenths: number): string {
  return `${(tenths / 10).toFixed(1)} lb`;
}
