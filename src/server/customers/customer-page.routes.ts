// The customer's page in the back office (behind the /api/admin guard of app.ts): parse, call one
// service function, answer.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { parseJsonBody, uuidParam } from '../http';
import { addCustomerNote, getCustomerPage } from './customer-page.service';

export function customerPageRoutes(deps: { db: Db }) {
  return new Hono<StaffEnv>()
    .get(contracts.customerPage.path, async (c) => c.json(await getCustomerPage(deps.db, uuidParam(c, 'id', 'booking_not_found'))))
    .post(contracts.addCustomerNote.path, async (c) => {
      const id = uuidParam(c, 'id', 'booking_not_found');
      const { body } = await parseJsonBody(c, contracts.addCustomerNote.body);
      return c.json(await addCustomerNote(deps.db, id, body, c.var.staff), 201);
    });
}
