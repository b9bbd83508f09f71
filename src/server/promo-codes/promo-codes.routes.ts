// Promo codes in the Settings tab (behind the /api/admin guard of app.ts; decision 055): parse,
// call one service function, answer. Both roles list them; the service refuses anyone but a
// master admin a change.
import { Hono } from 'hono';
import { nowIn } from '../../shared/dates';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { parseJsonBody } from '../http';
import { changePromoCode, createPromoCode, listPromoCodes } from './promo-admin.service';

export function promoCodeRoutes(deps: { db: Db; timeZone: string; now: () => Date }) {
  const { db } = deps;
  const today = () => nowIn(deps.timeZone, deps.now()).date;
  return new Hono<StaffEnv>()
    .get(contracts.listPromoCodes.path, async (c) => c.json({ promoCodes: await listPromoCodes(db, today()), canEdit: c.var.staff.role === 'master_admin' }))
    .post(contracts.createPromoCode.path, async (c) => {
      const body = await parseJsonBody(c, contracts.createPromoCode.body);
      return c.json({ promoCode: await createPromoCode(db, c.var.staff, body, today()) }, 201);
    })
    .post(contracts.changePromoCode.path, async (c) => {
      const body = await parseJsonBody(c, contracts.changePromoCode.body);
      return c.json({ promoCode: await changePromoCode(db, c.var.staff, c.req.param('code') ?? '', body.action, today()) });
    });
}
