// Pro payouts for staff (behind the /api/admin guard of app.ts; spec: back-office 6: both roles
// manage payouts; 7 process-payout): parse, call one service function, answer.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, uuidParam } from '../http';
import { listPayouts, payOutPro } from './payouts.service';

export function payoutRoutes(deps: { db: Db; gateway: PaymentGateway; now: () => Date }) {
  const { db } = deps;
  return new Hono<StaffEnv>()
    .post(contracts.payOutPro.path, async (c) => {
      const id = uuidParam(c, 'id', 'payout_pro_not_found');
      const body = await parseJsonBody(c, contracts.payOutPro.body);
      return c.json(await payOutPro(db, deps.gateway, id, body, { actor: c.var.staff, now: deps.now() }));
    })
    .get(contracts.listProPayouts.path, async (c) => c.json(await listPayouts(db, uuidParam(c, 'id', 'payout_pro_not_found'))));
}
