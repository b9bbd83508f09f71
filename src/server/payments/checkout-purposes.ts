// Checkout purposes (DESIGN.md 9): what a checkout session pays for. The purpose and its subject's
// id are recorded in the checkouts table and carried in the session's metadata, the gateway's own
// word, which is what an event that arrives before our record is read by.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedStatement } from '../db/prepared';
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

/** Records a session the gateway opened; recording it twice changes nothing. */
export async function recordCheckout(db: DbOrTx, sessionId: string, subject: CheckoutSubject): Promise<void> {
  const record = preparedStatement(db, 'checkout-record', (name) =>
    db
      .insert(checkouts)
      .values({ sessionId: sql.placeholder('sessionId'), purpose: sql.placeholder('purpose'), subjectId: sql.placeholder('subjectId') })
      .onConflictDoNothing()
      .prepare(name),
  );
  await record.execute({ sessionId, ...subject });
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
