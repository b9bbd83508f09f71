// Staff invite a laundry pro to the pro portal from their card (decision 018): a sign-in of role
// `pro` is made (or found) for the pro's email and linked to the pro, then better-auth emails the
// pro a one-time link to set their password. The link goes to the pro only: staff never see it
// (the Outbox hides it), so nobody but the pro can sign in as them.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { audit, type Actor } from '../admins/audit';
import type { Auth } from '../admins/auth';
import { proPasswordPath, proRole } from '../admins/staff-roles';
import type { Db } from '../db/client';
import { laundryPros, user } from '../db/schema';
import { domainError } from '../error-catalogue';

/** The pro's sign-in: theirs already, or a new one nobody knows the password of until the pro sets it. */
async function proUser(db: Db, auth: Auth, pro: typeof laundryPros.$inferSelect, email: string): Promise<string> {
  const [byEmail] = await db.select().from(user).where(eq(user.email, email));
  if (byEmail && (byEmail.role !== proRole || (pro.userId !== null && byEmail.id !== pro.userId))) throw domainError('pro_invite_email_taken');
  if (byEmail) {
    // another pro's sign-in: one person, one pro
    const [other] = await db.select({ id: laundryPros.id }).from(laundryPros).where(and(eq(laundryPros.userId, byEmail.id), ne(laundryPros.id, pro.id)));
    if (other) throw domainError('pro_invite_email_taken');
    return byEmail.id;
  }
  if (pro.userId) {
    // the pro's email changed on their card: their sign-in follows it
    await db.update(user).set({ email, name: pro.name, updatedAt: new Date() }).where(eq(user.id, pro.userId));
    return pro.userId;
  }
  const created = await auth.api.createUser({ body: { email, password: randomBytes(24).toString('base64url'), name: pro.name, role: proRole as 'admin' } });
  return created.user.id;
}

export async function inviteProToPortal(db: Db, auth: Auth, proId: string, actor: Actor): Promise<{ sentTo: string }> {
  const [pro] = await db.select().from(laundryPros).where(eq(laundryPros.id, proId));
  if (!pro) throw domainError('payout_pro_not_found');
  const email = pro.email.trim().toLowerCase();
  if (!email) throw domainError('pro_invite_email_needed');
  const userId = await proUser(db, auth, pro, email);
  await db.transaction(async (tx) => {
    await tx
      .update(laundryPros)
      .set({ userId, updatedAt: new Date() })
      .where(and(eq(laundryPros.id, pro.id), or(isNull(laundryPros.userId), ne(laundryPros.userId, userId))));
    await audit(tx, actor, { action: 'laundry_pro.portal_invited', targetType: 'laundry_pro', targetId: pro.id, after: { email } });
  });
  // better-auth makes the one-time link and hands it to sendResetPassword, which emails the pro
  await auth.api.requestPasswordReset({ body: { email, redirectTo: proPasswordPath } });
  return { sentTo: email };
}
