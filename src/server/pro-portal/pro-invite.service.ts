// Staff invite a laundry pro to the pro portal from their card (decision 018): a sign-in of role
// `pro` is made (or found) for the pro's email and linked to the pro, then better-auth emails the
// pro a one-time link to set their password. The link goes to the pro only: staff never see it
// (the Outbox hides it), so nobody but the pro can sign in as them. Once the pro has a sign-in, an
// invitation goes to the email the pro confirmed, never to what the card says now (decision 041),
// and gives back access staff revoked. An inactive pro is not invited.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Auth } from '../admins/auth';
import { proPasswordPath, proRole } from '../admins/staff-roles';
import type { Db } from '../db/client';
import { laundryPros, user } from '../db/schema';
import { domainError } from '../error-catalogue';

type ProRow = typeof laundryPros.$inferSelect;

/** A first sign-in for the card's email: an unlinked pro account with it, or a new one nobody knows the password of. */
async function firstSignIn(db: Db, auth: Auth, pro: ProRow, email: string): Promise<string> {
  const [byEmail] = await db.select().from(user).where(eq(user.email, email));
  if (byEmail) {
    if (byEmail.role !== proRole) throw domainError('pro_invite_email_taken');
    // another pro's sign-in: one person, one pro
    const [other] = await db.select({ id: laundryPros.id }).from(laundryPros).where(and(eq(laundryPros.userId, byEmail.id), ne(laundryPros.id, pro.id)));
    if (other) throw domainError('pro_invite_email_taken');
    return byEmail.id;
  }
  const created = await auth.api.createUser({ body: { email, password: randomBytes(24).toString('base64url'), name: pro.name, role: proRole as 'admin' } });
  return created.user.id;
}

export async function inviteProToPortal(db: Db, auth: Auth, proId: string, actor: Actor): Promise<{ sentTo: string }> {
  const [pro] = await db.select().from(laundryPros).where(eq(laundryPros.id, proId));
  if (!pro) throw domainError('payout_pro_not_found');
  if (pro.status !== 'active') throw domainError('pro_invite_inactive');
  const [linked] = pro.userId ? await db.select().from(user).where(eq(user.id, pro.userId)) : [];
  let email: string;
  let userId: string;
  if (linked) {
    email = linked.email;
    userId = linked.id;
  } else {
    email = pro.email.trim().toLowerCase();
    if (!email) throw domainError('pro_invite_email_needed');
    userId = await firstSignIn(db, auth, pro, email);
  }
  await db.transaction(async (tx) => {
    // linked once: a later invitation never moves the pro to another sign-in
    const [kept] = await tx
      .update(laundryPros)
      .set({ userId, updatedAt: new Date() })
      .where(and(eq(laundryPros.id, pro.id), or(isNull(laundryPros.userId), eq(laundryPros.userId, userId))))
      .returning({ id: laundryPros.id });
    if (!kept) throw domainError('pro_invite_email_taken');
    const restored = linked?.banned === true;
    if (restored) await tx.update(user).set({ banned: false, banReason: null, updatedAt: new Date() }).where(eq(user.id, userId));
    await recordAudit(tx, actor, { action: 'laundry_pro.portal_invited', targetType: 'laundry_pro', targetId: pro.id, after: restored ? { email, restored } : { email } });
  });
  // better-auth makes the one-time link and hands it to sendResetPassword, which emails the pro
  await auth.api.requestPasswordReset({ body: { email, redirectTo: proPasswordPath } });
  return { sentTo: email };
}
