// Decision 030: one request at a time moves a booking's money at a checkout or off-session. The
// claim is a lease in the database (payment_claims), so it holds across instances and across the
// gateway calls that no transaction may span (the local gateway writes through the same database,
// and PGlite runs one transaction at a time); a request that crashed frees it when the lease ends.
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentClaims } from '../db/schema';
import { domainError } from '../error-catalogue';

/** Longer than any one request's gateway calls; a crashed holder frees the subject after it. */
const leaseSeconds = 30;
/** How long a second request waits for the first before it is asked to try again. */
const waitMs = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tryClaim(db: Db, subjectId: string, holder: string): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${leaseSeconds})`;
  const rows = await db
    .insert(paymentClaims)
    .values({ subjectId, holder, claimedUntil: until })
    .onConflictDoUpdate({ target: paymentClaims.subjectId, set: { holder, claimedUntil: until }, setWhere: lt(paymentClaims.claimedUntil, sql`now()`) })
    .returning({ holder: paymentClaims.holder });
  return rows[0]?.holder === holder;
}

/**
 * Runs `work` while this request alone may move the subject's money: a second request waits for
 * the first to finish (then sees what it did), and past `waitMs` is told to try again.
 */
export async function withPaymentClaim<T>(db: Db, subjectId: string, work: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const deadline = Date.now() + waitMs;
  while (!(await tryClaim(db, subjectId, holder))) {
    if (Date.now() > deadline) throw domainError('payment_in_progress');
    await sleep(25 + Math.random() * 50);
  }
  try {
    return await work();
  } finally {
    await db.delete(paymentClaims).where(and(eq(paymentClaims.subjectId, subjectId), eq(paymentClaims.holder, holder)));
  }
}
