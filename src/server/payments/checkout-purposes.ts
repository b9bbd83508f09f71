// Checkout purposes (docs/design.md 9): what a checkout session pays for. The purpose and its subject's
// id are recorded in the checkouts table and carried in the session's metadata, the gateway's own
// word, which is what an event that arrives before our record is read by.
import { and, eq, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { writeBatch, type WriteBatch } from '../db/write-batch';
import { checkoutPurpose, checkouts } from '../db/schema';

export type CheckoutPurpose = (typeof checkoutPurpose.enumValues)[number];
export type CheckoutSubject = { purpose: CheckoutPurpose; subjectId: string };

/** The metadata a checkout session is opened with, so its events name their subject. */
export function purposeMetadata(subject: CheckoutSubject): Record<string, string> {
  return { purpose: subject.purpose, subject_id: subject.subjectId };
}

/** A session's subject from its metadata; a booking's checkout opened before purposes said only booking_id. */
export function subjectOf(metadata: Record<string, string>): CheckoutSubject | null {
  const purpose = metadata.purpose as CheckoutPurpose | undefined;
  if (purpose && (checkoutPurpose.enumValues as readonly string[]).includes(purpose) && metadata.subject_id)
    return { purpose, subjectId: metadata.subject_id };
  if (metadata.booking_id) return { purpose: 'booking_authorisation', subjectId: metadata.booking_id };
  return null;
}

type Recorded = CheckoutSubject & { sessionId: string };
const batches = new WeakMap<object, WriteBatch<Recorded>>();

/**
 * Records a session the gateway opened; recording it twice changes nothing. Outside a transaction
 * the sessions opened at the same moment are recorded together (decision 028): this answers once
 * the row is committed, as alone.
 */
export async function recordCheckout(db: DbOrTx, sessionId: string, subject: CheckoutSubject): Promise<void> {
  const recorded: Recorded = { sessionId, purpose: subject.purpose, subjectId: subject.subjectId };
  if (is(db, PgTransaction)) return recordCheckouts(db, [recorded]);
  let batch = batches.get(db);
  if (!batch) {
    batch = writeBatch((rows) => recordCheckouts(db, rows));
    batches.set(db, batch);
  }
  await batch.write(recorded);
}

/** One statement for any number of sessions, prepared once (db/prepared.ts). */
async function recordCheckouts(db: DbOrTx, rows: readonly Recorded[]): Promise<void> {
  const record = preparedStatement(db, 'checkout-records', (name) =>
    db
      .insert(checkouts)
      .select(
        sql`select r.session_id, r.purpose::checkout_purpose, r.subject_id::uuid, now()
          from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r (session_id text, purpose text, subject_id text)`,
      )
      .onConflictDoNothing()
      .prepare(name),
  );
  await record.execute({ rows: JSON.stringify(rows.map((r) => ({ session_id: r.sessionId, purpose: r.purpose, subject_id: r.subjectId }))) });
}

/** The subject of a recorded session of this purpose, or null. */
export async function checkoutSubject(db: DbOrTx, sessionId: string, purpose: CheckoutPurpose): Promise<string | null> {
  const [row] = await db
    .select({ subjectId: checkouts.subjectId })
    .from(checkouts)
    .where(and(eq(checkouts.sessionId, sessionId), eq(checkouts.purpose, purpose)))
    .limit(1);
  return row?.subjectId ?? null;
}
