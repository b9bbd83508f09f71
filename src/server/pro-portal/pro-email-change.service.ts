// A pro's sign-in email changes only when the pro confirms it (decision 041). Staff edit the email on
// the card (the pro's contact); when the pro has a portal account, the new address gets a one-time
// link that makes it the sign-in, and the address the pro signs in with now is told. Until the link
// is used the account keeps its confirmed email, and an invitation goes there: an admin who writes
// their own address on a pro's card gets a confirmation link, never the pro's portal.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, like, ne } from 'drizzle-orm';
import { proEmailLinkHours } from '../../shared/link-lifetimes';
import { recordAudit } from '../audit/record-audit';
import { endSessions } from '../admins/pro-access';
import { proPortalPath } from '../admins/staff-roles';
import type { Db, DbOrTx, Tx } from '../db/client';
import { proEmailChanges, user, verification } from '../db/schema';
import { domainError } from '../error-catalogue';
import { queueEmail } from '../notifications/send-email';

/** How long the link works. */
/** The page the link opens: it asks the pro to press Confirm (a mail scanner opening it confirms nothing). */
export const proEmailConfirmPath = `${proPortalPath}/confirm-email`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The password links better-auth issued for an account (they went to its old address). */
export async function dropPasswordLinks(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(verification).where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
}

/**
 * The card of an invited pro was saved with `email`: the same as the sign-in's (or none) drops a
 * change still waiting; a new one waits for the pro, its link sent to it and a note to the
 * confirmed address, once per address (saving the card again sends nothing until the link expires).
 */
export async function askProToConfirmEmail(
  tx: Tx,
  change: { proId: string; userId: string; name: string; email: string; now: Date },
  deps: { publicUrl: string },
): Promise<void> {
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, change.userId));
  if (!account) return;
  const wanted = change.email.trim().toLowerCase();
  if (wanted === '' || wanted === account.email) {
    await tx.delete(proEmailChanges).where(eq(proEmailChanges.proId, change.proId));
    return;
  }
  const [waiting] = await tx.select().from(proEmailChanges).where(eq(proEmailChanges.proId, change.proId));
  if (waiting && waiting.email === wanted && waiting.expiresAt > change.now) return;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  const row = { userId: change.userId, email: wanted, tokenHash, expiresAt: new Date(change.now.getTime() + proEmailLinkHours * 3_600_000), createdAt: change.now };
  await tx.insert(proEmailChanges).values({ proId: change.proId, ...row }).onConflictDoUpdate({ target: proEmailChanges.proId, set: row });
  const url = `${deps.publicUrl}${proEmailConfirmPath}?token=${token}`;
  await queueEmail(tx, 'proEmailConfirm', { name: change.name, url, linkHours: proEmailLinkHours }, { to: wanted, dedupeKey: `pro-email-confirm:${tokenHash}` });
  await queueEmail(tx, 'proEmailChangeNotice', { name: change.name, newEmail: wanted, confirmed: false }, { to: account.email, dedupeKey: `pro-email-notice:${tokenHash}` });
}

/**
 * The link from the new address, used: the account's email becomes it, once. The pro's sessions
 * end, password links sent to the old address stop working, the old address is told; audited as
 * the pro.
 */
export async function confirmProEmail(db: Db, token: string, ctx: { now: Date; ip: string | null }): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [change] = await tx.select().from(proEmailChanges).where(eq(proEmailChanges.tokenHash, hashOf(token))).for('update');
    if (!change || change.expiresAt <= ctx.now) throw domainError('pro_email_link_invalid');
    const [taken] = await tx.select({ id: user.id }).from(user).where(and(eq(user.email, change.email), ne(user.id, change.userId)));
    if (taken) throw domainError('pro_email_taken');
    const [before] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, change.userId));
    // another account taking the address at the same moment: the unique email refuses it (a savepoint, so the refusal is a 409)
    await tx
      .transaction((sp) => sp.update(user).set({ email: change.email, emailVerified: true, updatedAt: ctx.now }).where(eq(user.id, change.userId)))
      .catch((err: unknown) => {
        const code = ((err as { cause?: { code?: unknown } })?.cause ?? (err as { code?: unknown }))?.code;
        throw code === '23505' ? domainError('pro_email_taken') : err;
      });
    await tx.delete(proEmailChanges).where(eq(proEmailChanges.proId, change.proId));
    const sessionsEnded = await endSessions(tx, change.userId);
    await dropPasswordLinks(tx, change.userId);
    // the old address is told again, now that it no longer signs in
    if (before) await queueEmail(tx, 'proEmailChangeNotice', { name: before.name, newEmail: change.email, confirmed: true }, { to: before.email, dedupeKey: `pro-email-moved:${change.tokenHash}` });
    await recordAudit(
      tx,
      { id: change.userId, email: change.email, ip: ctx.ip },
      { action: 'laundry_pro.portal_email_confirmed', targetType: 'laundry_pro', targetId: change.proId, before: { email: before?.email ?? null }, after: { email: change.email, sessionsEnded } },
    );
    return { email: change.email };
  });
}
