// The laundry pros for staff (behind the /api/admin guard of app.ts; spec: back-office 6: both
// roles manage pros): parse, call one service function, answer.
import { Hono, type Context } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import { proPortalPath } from '../admins/staff-roles';
import type { Db } from '../db/client';
import { parseJsonBody, uuidParam } from '../http';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { assignLaundryPro } from './assignments.service';
import { checkProAccount, startProOnboarding } from './pro-accounts.service';
import { createLaundryPro, listAssignments, listLaundryPros, updateLaundryPro, type PortalOnProfileSaved } from './laundry-pros.service';

export function laundryProRoutes(deps: { db: Db; gateway: PaymentGateway; publicUrl: string; timeZone: string; now: () => Date; portal: PortalOnProfileSaved }) {
  const { db } = deps;
  const ctx = (c: Context<StaffEnv>) => ({ actor: c.var.staff, now: deps.now(), timeZone: deps.timeZone });
  return new Hono<StaffEnv>()
    .get(contracts.listLaundryPros.path, async (c) => c.json(await listLaundryPros(db)))
    .post(contracts.createLaundryPro.path, async (c) => c.json(await createLaundryPro(db, await parseJsonBody(c, contracts.createLaundryPro.body), ctx(c)), 201))
    .put(contracts.updateLaundryPro.path, async (c) => {
      const id = uuidParam(c, 'id', 'laundry_pro_not_found');
      return c.json(await updateLaundryPro(db, id, await parseJsonBody(c, contracts.updateLaundryPro.body), { ...ctx(c), portal: deps.portal }));
    })
    .post(contracts.startProOnboarding.path, async (c) => {
      const id = uuidParam(c, 'id', 'laundry_pro_not_found');
      return c.json(await startProOnboarding(db, deps.gateway, id, { actor: c.var.staff, publicUrl: deps.publicUrl }));
    })
    .post(contracts.checkProAccount.path, async (c) => c.json(await checkProAccount(db, deps.gateway, uuidParam(c, 'id', 'laundry_pro_not_found'))))
    .get(contracts.listAssignments.path, async (c) => c.json(await listAssignments(db)))
    .post(contracts.assignLaundryPro.path, async (c) => {
      const bookingId = uuidParam(c, 'id', 'booking_not_found');
      const body = await parseJsonBody(c, contracts.assignLaundryPro.body);
      return c.json(await assignLaundryPro(db, bookingId, body, { ...ctx(c), portalUrl: `${deps.publicUrl}${proPortalPath}` }));
    });
}
