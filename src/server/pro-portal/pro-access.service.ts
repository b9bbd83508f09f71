// Who keeps the pro portal (decision 041). A pro set inactive loses it at once: their sessions end
// in the transaction that saves the card, the guard refuses them on every request and better-auth
// refuses them a new session (admins/pro-access.ts). Staff can also take it away on its own from the
// card (Revoke Portal Access): the account is disabled and its sessions and links end; inviting the
// pro again gives it back, at the email the pro confirmed.
import { eq } from 'drizzle-orm';
import { recordAudit, type Actor } from '../audit/record-audit';
import { endSessions } from '../admins/pro-access';
import type { Db } from '../db/client';
import { laundryPros, proEmailChanges, user } from '../db/schema';
import { domainError } from '../error-catalogue';
import { getLaundryPro, type PortalOnProfileSaved } from '../laundry-pros/laundry-pros.service';
import { askProToConfirmEmail, dropPasswordLinks } from './pro-email-change.service';

/** What saving a pro's card does to their portal account (handed to laundry-pros by app.ts). */
export function portalOnProfileSaved(deps: { publicUrl: string }): PortalOnProfileSaved {
  return async (tx, saved) => {
    const userId = saved.before.userId;
    if (!userId) return;
    if (!saved.active) await endSessions(tx, userId);
    await askProToConfirmEmail(tx, { proId: saved.before.id, userId, name: saved.name, email: saved.email, now: saved.now }, deps);
  };
}

/** Staff take a pro's portal access away (audited once; again answers the same card). */
export async function revokeProPortal(db: Db, proId: string, actor: Actor): Promise<{ pro: Awaited<ReturnType<typeof getLaundryPro>> }> {
  await db.transaction(async (tx) => {
    const [pro] = await tx.select().from(laundryPros).where(eq(laundryPros.id, proId)).for('update');
    if (!pro) throw domainError('payout_pro_not_found');
    if (!pro.userId) throw domainError('pro_portal_not_invited');
    const [account] = await tx.select().from(user).where(eq(user.id, pro.userId)).for('update');
    if (!account || account.banned) return;
    await tx.update(user).set({ banned: true, banReason: 'Pro portal access revoked by staff', updatedAt: new Date() }).where(eq(user.id, account.id));
    const sessionsEnded = await endSessions(tx, account.id);
    await dropPasswordLinks(tx, account.id);
    await tx.delete(proEmailChanges).where(eq(proEmailChanges.proId, pro.id));
    await recordAudit(tx, actor, { action: 'laundry_pro.portal_revoked', targetType: 'laundry_pro', targetId: pro.id, after: { email: account.email, sessionsEnded } });
  });
  return { pro: await getLaundryPro(db, proId) };
}
