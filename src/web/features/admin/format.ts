import { business } from '../../../shared/business';

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
