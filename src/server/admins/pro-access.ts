// Who may use the pro portal (decisions 018, 041): one rule, read afresh by the portal's guard on
// every request and by better-auth before it opens a session, so a pro set inactive or whose access
// staff revoked is refused at sign-in with a message that says why, and at once on a session they
// still hold. Below pro-portal and laundry-pros (both import it), so it reads the pros' table itself.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { laundryPros, session, user } from '../db/schema';
import { proRole } from './staff-roles';

export type ProAccess = { userId: string; email: string; role: string | null; banned: boolean; proId: string | null; proActive: boolean };

/** The account and the pro it is linked to, if any. */
export async function readProAccess(db: DbOrTx, userId: string): Promise<ProAccess | null> {
  const [row] = await db
    .select({ userId: user.id, email: user.email, role: user.role, banned: user.banned, proId: laundryPros.id, status: laundryPros.status })
    .from(user)
    .leftJoin(laundryPros, eq(laundryPros.userId, user.id))
    .where(eq(user.id, userId));
  return row ? { userId: row.userId, email: row.email, role: row.role, banned: row.banned === true, proId: row.proId, proActive: row.status === 'active' } : null;
}

/** Why this account may not use the portal (an error code of the catalogue), or null. */
export function proAccessRefusal(a: ProAccess | null): 'pro_access_only' | 'pro_access_disabled' | 'pro_inactive' | null {
  if (!a || a.role !== proRole || !a.proId) return 'pro_access_only';
  if (a.banned) return 'pro_access_disabled';
  if (!a.proActive) return 'pro_inactive';
  return null;
}

/** Ends every session of an account; how many there were. */
export async function endSessions(tx: DbOrTx, userId: string): Promise<number> {
  return (await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })).length;
}
