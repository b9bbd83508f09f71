// What the describers of audit-words.ts share (decision 048): the shape of a describer, the names
// of what rows point at, and the small readers of a stored value (each checked: the details are
// jsonb written by every earlier version, so a value is used only when it is what it should be).
import type { AuditAction } from '../../shared/audit-actions';
import { confirmationNumber } from '../../shared/booking-values';
import { formatCents } from '../../shared/money';
import { bookingStatusLabels, type BookingStatus } from '../../shared/schemas/back-office';
import type { StoredEvent } from './audit-events';

/** The names of what audit rows point at, by id (each map holds only what still exists). */
export type AuditNames = {
  people: Map<string, { name: string; email: string }>;
  pros: Map<string, string>;
  /** booking id → its customer's name */
  bookings: Map<string, string>;
  /** gift card id → its code masked but the last 4 */
  giftCards: Map<string, string>;
  /** invoice id → its number */
  invoices: Map<string, string>;
  /** subscription id → its client's name */
  subscriptions: Map<string, string>;
  /** contact message id → its sender's name */
  messages: Map<string, string>;
  outbox: Map<string, { channel: string; subject: string; recipient: string; bookingId: string | null }>;
};

/** One action in words, typed by what that action records. */
export type Describer<A extends AuditAction> = {
  sentence: (event: StoredEvent<A>, names: AuditNames) => string;
  /** the money the entry is about, shown beside it */
  amount?: (event: StoredEvent<A>) => number | null;
  /** the booking it links to */
  booking?: (event: StoredEvent<A>, names: AuditNames) => string | null;
  /** ids in its details whose names the sentence says (the target's come from its type) */
  refers?: (event: StoredEvent<A>) => Partial<Record<keyof AuditNames, unknown[]>>;
  /** who acted, in words, when nobody was signed in (otherwise "The system") */
  nobody?: string;
};
/** The describers of some actions: each typed by its own action's event. */
export type Describers<A extends AuditAction = AuditAction> = { [K in A]: Describer<K> };
/** A group of describers, checked against the actions it names. */
export type SomeDescribers = { [K in AuditAction]?: Describer<K> };

/** A whole number of cents (or of anything counted), or null. */
export const cents = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
/** A non-empty text, or null. */
export const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const money = (c: number) => formatCents(c);
export const pounds = (tenths: number) => `${(tenths / 10).toFixed(1)} lb`;
export const statusWord = (s: unknown) => (typeof s === 'string' && s in bookingStatusLabels ? bookingStatusLabels[s as BookingStatus] : 'another status');
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const join = (parts: (string | null | false)[]) => parts.filter((p): p is string => Boolean(p)).join(', ');

export function personPhrase(names: AuditNames, id: string | null, fallbackEmail: string | null): string {
  const known = id ? names.people.get(id) : undefined;
  if (known) return known.name && known.name !== known.email ? `${known.name} (${known.email})` : known.email;
  return fallbackEmail ?? 'an account no longer on file';
}
export const proName = (names: AuditNames, id: unknown) => (typeof id === 'string' && names.pros.get(id)) || 'a pro no longer on file';
/** A booking by its WD- code (docs/design.md 7), never its id. */
export const bookingCode = (e: { targetId: string | null }) => (e.targetId ? confirmationNumber(e.targetId) : 'a booking');
/** The booking an entry on one links to. */
export const onBooking = (e: { targetType: string; targetId: string | null }) => (e.targetType === 'booking' ? e.targetId : null);
