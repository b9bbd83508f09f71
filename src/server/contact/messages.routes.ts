// The Messages tab: contact-form messages, marked handled by staff (docs/design.md 7).
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { parseJsonBody, parseQuery, uuidParam } from '../http';
import { listMessagesPage, setMessageHandled } from './contact.service';

export function messageRoutes(deps: { db: Db }) {
  return new Hono<StaffEnv>()
    .get(contracts.listMessages.path, async (c) => c.json(await listMessagesPage(deps.db, parseQuery(c, contracts.listMessages.query))))
    .post(contracts.setMessageHandled.path, async (c) => {
      const id = uuidParam(c, 'id', 'message_not_found');
      const { handled } = await parseJsonBody(c, contracts.setMessageHandled.body);
      return c.json({ message: await setMessageHandled(deps.db, id, handled, c.var.staff) });
    });
}
