// The Outbox tab: every email and text with its status; a failed (or kept) one can be sent again.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { parseQuery, uuidParam } from '../http';
import { listOutboxPage, resendOutboxMessage } from './outbox.service';

export function outboxRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<StaffEnv>()
    .get(contracts.listOutbox.path, async (c) => c.json(await listOutboxPage(db, parseQuery(c, contracts.listOutbox.query))))
    .post(contracts.resendOutboxMessage.path, async (c) => {
      const { recipient } = await resendOutboxMessage(db, uuidParam(c, 'id', 'outbox_message_not_found'), c.var.staff);
      return c.json({ queued: true, message: `Queued again for ${recipient}` });
    });
}
