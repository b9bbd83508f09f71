// The audit trail of staff sign-in (docs/design.md 6): who signed in, who asked for whose password reset
// and who completed it, each with the IP. better-auth does the work; these record it.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { recordAudit, type Actor } from '../audit/record-audit';

export async function auditSignIn(db: Db, signedIn: { id: string; email: string }, ip: string | null) {
  await recordAudit(db, { id: signedIn.id, email: signedIn.email, ip }, { action: 'auth.sign_in', targetType: 'admin', targetId: signedIn.id });
}

/**
 * A reset asked for an address, known or not: the requester's answer is the same either way
 * (better-auth's), the audit log says which account it was for. `by` is the staff member whose
 * session came with the request, if any.
 */
export async function auditResetRequested(db: Db, input: { email: string; by: Actor | null; ip: string | null }) {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await recordAudit(db, input.by, {
    action: 'auth.password_reset_requested',
    targetType: 'admin',
    targetId: target?.id ?? null,
    after: { email },
    ip: input.ip,
  });
}

/** A reset completed with an emailed link: better-auth has ended every session of the account. */
export async function auditResetCompleted(db: Db, input: { userId: string; by: Actor | null; ip: string | null }) {
  const [target] = await db.select({ email: user.email }).from(user).where(eq(user.id, input.userId));
  await recordAudit(db, input.by, {
    action: 'auth.password_reset_completed',
    targetType: 'admin',
    targetId: input.userId,
    after: { email: target?.email ?? null, sessionsEnded: true },
    ip: input.ip,
  });
}

