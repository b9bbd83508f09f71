// The back office's dates and weights, as staff read them.
import { businessDateFormat } from './business-time';

// staff read times in the business's time zone, whatever the laptop says
const dateFormat = businessDateFormat({ dateStyle: 'medium' });
const dateTimeFormat = businessDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

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
