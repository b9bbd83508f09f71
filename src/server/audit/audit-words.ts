// The audit log in words (docs/design.md 6; spec: back-office 2; decision 048): each recorded action
// becomes one sentence, said by that action's describer from the fields its event records, with
// the ids it names turned into what people know them by (a booking's WD- code, docs/design.md 7; a
// pro's, an admin's or a client's name; a gift card's masked code). Pure: the names are looked up
// by admins/audit-log.service.ts and handed in.
import { auditActionLabel, isAuditAction, type AuditAction } from '../../shared/audit-actions';
import type { StoredEvent } from './audit-events';
import { bookingWords } from './words-bookings';
import { customerWords } from './words-customers';
import { staffWords } from './words-staff';
import type { AuditNames, Describers } from './words-support';

export type { AuditNames } from './words-support';

/** A row of the log as stored: any action, its details as the database gives them back. */
export type AuditRecord = { action: string; targetType: string; targetId: string | null; before: unknown; after: unknown };
export type AuditWords = { label: string; sentence: string; amountCents: number | null; bookingId: string | null };

export const noNames = (): AuditNames => ({
  people: new Map(),
  pros: new Map(),
  bookings: new Map(),
  giftCards: new Map(),
  invoices: new Map(),
  subscriptions: new Map(),
  messages: new Map(),
  outbox: new Map(),
});

/** Every action's describer: an action of src/shared/audit-actions.ts without one does not compile. */
const describers: Describers = { ...staffWords, ...bookingWords, ...customerWords };

type Details = Record<string, unknown>;
const details = (v: unknown): Details => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Details) : {});

/**
 * A stored row read as its action's event. Every field of a StoredEvent is optional and unknown
 * until checked, so all this asserts is that before and after are objects, which it makes them.
 */
function stored<A extends AuditAction>(action: A, row: AuditRecord): StoredEvent<A> {
  return { action, targetType: row.targetType, targetId: row.targetId, before: details(row.before), after: details(row.after) } as StoredEvent<A>;
}

function describe<A extends AuditAction>(action: A, row: AuditRecord, names: AuditNames): AuditWords {
  const d = describers[action];
  const event = stored(action, row);
  return { label: auditActionLabel(action), sentence: d.sentence(event, names), amountCents: d.amount?.(event) ?? null, bookingId: d.booking?.(event, names) ?? null };
}

/** The label, the sentence, the money and the booking of one audit row. */
export function auditWords(row: AuditRecord, names: AuditNames): AuditWords {
  if (isAuditAction(row.action)) return describe(row.action, row, names);
  return { label: auditActionLabel(row.action), sentence: 'An action this version does not describe', amountCents: null, bookingId: row.targetType === 'booking' ? row.targetId : null };
}

/** Who acted, in words, when nobody was signed in. */
export function nobodyLabel(action: string): string {
  return (isAuditAction(action) && describers[action].nobody) || 'The system';
}

const targetNames: Record<string, keyof AuditNames> = {
  admin: 'people',
  laundry_pro: 'pros',
  booking: 'bookings',
  gift_card: 'giftCards',
  invoice: 'invoices',
  subscription: 'subscriptions',
  contact_message: 'messages',
  outbox: 'outbox',
};

function referencesOf<A extends AuditAction>(action: A, row: AuditRecord) {
  return describers[action].refers?.(stored(action, row)) ?? {};
}

/** The ids an audit row names, by kind, for the look-up of their names. */
export function auditReferences(row: AuditRecord & { actorId: string | null }): Partial<Record<keyof AuditNames, string[]>> {
  const refs: Partial<Record<keyof AuditNames, string[]>> = {};
  const add = (kind: keyof AuditNames, id: unknown) => {
    if (typeof id === 'string' && id) (refs[kind] ??= []).push(id);
  };
  add('people', row.actorId);
  const kind = targetNames[row.targetType];
  if (kind) add(kind, row.targetId);
  if (isAuditAction(row.action)) for (const [k, ids] of Object.entries(referencesOf(row.action, row)) as [keyof AuditNames, unknown[]][]) for (const id of ids) add(k, id);
  return refs;
}
