// The one writer of the audit log: every staff action on money or people calls it.
import { desc } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import { AUDIT_LIMIT_MAX } from '../../shared/schemas/admin';


export type Actor = { id: string; email: string; ip: string | null };

export async function audit(
  tx: DbOrTx,
  actor: Actor | null,
  // ip: where a request with no signed-in actor came from (a password reset asked on the login page)
  entry: { action: string; targetType: string; targetId: string | null; before?: unknown; after?: unknown; ip?: string | null },
) {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    ip: actor?.ip ?? entry.ip ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function listAudit(db: Db, limit = 100) {
  return db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(Math.min(Math.max(limit, 1), AUDIT_LIMIT_MAX));
}

/** The audit log as the back office reads it (GET /api/admin/audit). */
export async function listAuditEntries(db: Db, limit?: number) {
  const rows = await listAudit(db, limit);
  return { entries: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
}
