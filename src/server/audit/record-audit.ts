// The one writer of the audit log (decision 048; docs/design.md 6): every action on money or people
// records its typed event here, in the caller's transaction. An event writes exactly what its
// action's type in audit-events.ts has: a field the type lacks, at any depth, is a compile error
// at the call site, whether it is written there or comes in a value built elsewhere.
import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import { actionsWithCustomerDetails, type AuditEvent, type DeletedBooking, type ErasedDetails } from './audit-events';

/** Who acted: a signed-in staff member or pro, and the address their request came from. */
export type Actor = { id: string; email: string; ip: string | null };

type KeysOf<T> = T extends unknown ? keyof T : never;
type ValueOf<S, K extends PropertyKey> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;
type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date;

/** The members of a union S that T is (the refund's destination picks one), or all of S when none. */
type Against<S, T> = [S extends unknown ? (T extends S ? S : never) : never] extends [infer M] ? ([M] extends [never] ? S : M) : S;

/** The paths of T that S does not have ("after.total", "after.assignments[].fee"). */
type UnknownPaths<T, S, P extends string> = T extends Leaf
  ? never
  : T extends readonly (infer I)[]
    ? UnknownPaths<I, S extends readonly (infer J)[] ? J : never, `${P}[]`>
    : ObjectPaths<T, Against<S, T>, P>;
type ObjectPaths<T, S, P extends string> = { [K in keyof T & string]-?: K extends KeysOf<S> ? UnknownPaths<T[K], ValueOf<S, K>, `${P}.${K}`> : `${P}.${K}` }[keyof T & string];

/** The event type of the action E names (of each, when it names one of several). */
type EventFor<E extends AuditEvent> = Extract<AuditEvent, { action: E['action'] }>;
type Refused<E extends AuditEvent> = { [K in keyof E & string]-?: K extends KeysOf<EventFor<E>> ? UnknownPaths<E[K], ValueOf<EventFor<E>, K>, K> : K }[keyof E & string];
/** Nothing when E writes only what its action records; otherwise a property no value has, named by the fields. */
export type OnlyRecordedFields<E extends AuditEvent> = [Refused<E>] extends [never] ? unknown : { 'not recorded by this action': Refused<E> };

/** Records one action: who did it (null when nobody was signed in: the customer, a job, the set-up) and its event. */
export async function recordAudit<E extends AuditEvent>(tx: DbOrTx, actor: Actor | null, event: E & OnlyRecordedFields<E>): Promise<void> {
  const { action, targetType, targetId, before, after, ip } = event as AuditEvent & { before?: unknown; after?: unknown; ip?: string | null };
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    ip: actor?.ip ?? ip ?? null,
    action,
    targetType,
    targetId,
    before: before ?? null,
    after: after ?? null,
  });
}

/** The fields of a row or an input named by keys, in their order: an event's before and after of what changed. */
export function pickFields<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;
}

/** A booking's row as a deletion keeps it in the log (spec: back-office 2, Delete Booking). */
export function deletedBookingDetails(row: Omit<DeletedBooking, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date; searchText?: unknown }): DeletedBooking {
  const { createdAt, updatedAt, searchText: _searchText, ...rest } = row;
  return { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/**
 * Decision 022: a customer who deletes their data takes their words and details out of the log's
 * entries on their bookings; the entries stay, saying only that they were emptied.
 */
export async function forgetCustomerDetails(tx: DbOrTx, bookingIds: string[]): Promise<void> {
  const erased: ErasedDetails = { erased: true };
  await tx
    .update(auditLog)
    .set({ before: null, after: erased })
    .where(and(inArray(auditLog.targetId, bookingIds), inArray(auditLog.action, [...actionsWithCustomerDetails])));
}
