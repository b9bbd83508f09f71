// The one writer of the audit log: every staff action on money or people calls it. Each action
// is named in src/shared/audit-actions.ts and said in words by audit-words.ts.
import type { AuditAction } from '../../shared/audit-actions';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export type Actor = { id: string; email: string; ip: string | null };

export async function audit(
  tx: DbOrTx,
  actor: Actor | null,
  // ip: where a request with no signed-in actor came from (a password reset asked on the login page)
  // action: one of the table's, so a new action gets its label and its words before it can be recorded
  entry: { action: AuditAction; targetType: string; targetId: string | null; before?: unknown; after?: unknown; ip?: string | null },
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
