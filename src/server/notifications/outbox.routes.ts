// The Outbox tab: every email and text with its status; a failed (or kept) one can be sent again.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import { audit } from '../admins/audit';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { DomainError, NotFoundError } from '../errors';
import { parseQuery, uuidParam } from '../http';
import { listOutboxPage, resendOutboxMessage } from './outbox.service';

export function outboxRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<StaffEnv>()
    .get(contracts.listOutbox.path, async (c) => c.json(await listOutboxPage(db, parseQuery(c, contracts.listOutbox.query))))
    .post(contracts.resendOutboxMessage.path, async (c) => {
      const id = uuidParam(c, 'id', 'Message not found.');
      const [row] = await db.select({ status: outbox.status, recipient: outbox.recipient }).from(outbox).where(eq(outbox.id, id));
      if (!row) throw new NotFoundError('Message not found.');
      if (!(await resendOutboxMessage(db, id)))
        throw new DomainError(409, 'not_resendable', `Only a failed or kept message can be sent again (this one is ${row.status}).`);
      await audit(db, c.var.staff, { action: 'outbox.resent', targetType: 'outbox', targetId: id, before: { status: row.status } });
      return c.json({ queued: true, message: `Queued again for ${row.recipient}` });
    });
}
