// "My orders" (decision 021): ask for a sign-in link, trade it for this device's session, read the
// customer's own orders, sign out. Routes parse, call one service function, answer; the session
// lives in an HttpOnly cookie scoped to /api/orders, and every write must come from our pages.
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import { domainError } from '../error-catalogue';
import { clientIp, parseJsonBody, refuseCrossSiteWrite, uuidParam, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { updateCustomerDetails } from './details.service';
import { eraseCustomer } from './erase.service';
import { exportCustomerData } from './export.service';
import { repeatOrder } from './repeat.service';
import { customerStopPhoto, getCustomerOrder, listCustomerOrders } from './orders.service';
import { fileEndpoints } from '../../shared/endpoints-files';
import type { FileStore } from '../gateways/files/file-store';
import { imageResponse } from '../booking-records/stop-photo-http';
import { stopPhotoKindOf } from '../booking-records/stop-photos';
import { rescheduleOrder } from './reschedule.service';
import { bookingDetailsOf } from './booking-details.service';
import { chooseDelivery } from './delivery.service';
import { customerOfSession, endCustomerSession, openCustomerSession, requestSignInLink, type SignInLimits } from './sign-in.service';

export const ordersCookie = 'wd_orders';
const cookiePath = '/api/orders';

export type CustomerOrdersDeps = { db: Db; files: FileStore; publicUrl: string; secret: string; timeZone: string; secureCookie: boolean; limits: SignInLimits; now: () => Date; limitNow?: () => number; notify: NotificationContext };

export function customerOrderRoutes(deps: CustomerOrdersDeps) {
  const { db } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const signIn = (c: Context<AppEnv>) => ({ publicUrl: deps.publicUrl, limits: deps.limits, ip: clientIp(c), now: deps.now(), limitNow: deps.limitNow?.() ?? Date.now() });
  const orders = () => ({ publicUrl: deps.publicUrl, secret: deps.secret, timeZone: deps.timeZone, now: deps.now() });
  /** A signed-in customer's own write: limited per customer (decision 022). */
  const change = (c: Context<AppEnv>) => ({ ...orders(), ip: clientIp(c), changes: deps.limits.changes, limitNow: deps.limitNow?.() ?? Date.now() });
  /** The signed-in customer, or 401: nothing is shown without a valid session. */
  const customer = async (c: Context<AppEnv>) => {
    const key = await customerOfSession(db, getCookie(c, ordersCookie), deps.now());
    if (!key) throw domainError('orders_signed_out');
    return key;
  };
  return new Hono<AppEnv>()
    .post(contracts.requestOrdersLink.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      const { address } = await parseJsonBody(c, contracts.requestOrdersLink.body);
      return c.json(await requestSignInLink(db, address, signIn(c)));
    })
    .post(contracts.openOrdersSession.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      const { token } = await parseJsonBody(c, contracts.openOrdersSession.body);
      const session = await openCustomerSession(db, token, signIn(c));
      setCookie(c, ordersCookie, session.sessionToken, { path: cookiePath, httpOnly: true, sameSite: 'Lax', secure: deps.secureCookie, expires: session.expiresAt });
      return c.json({ signedIn: true as const });
    })
    .post(contracts.signOutOfOrders.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      await endCustomerSession(db, getCookie(c, ordersCookie));
      deleteCookie(c, ordersCookie, { path: cookiePath, secure: deps.secureCookie });
      return c.json({ signedOut: true as const });
    })
    .get(contracts.customerOrders.path, async (c) => c.json(await listCustomerOrders(db, await customer(c), orders())))
    // signed out is not an error here: /book asks on every visit, and fills in nothing
    .get(contracts.bookingDetails.path, async (c) => c.json(await bookingDetailsOf(db, await customerOfSession(db, getCookie(c, ordersCookie), deps.now()))))
    .get(contracts.exportCustomerData.path, async (c) => {
      const data = await exportCustomerData(db, await customer(c), deps.now());
      c.header('content-disposition', `attachment; filename="washday-my-data-${data.exportedAt.slice(0, 10)}.json"`);
      return c.json(data);
    })
    .put(contracts.updateCustomerDetails.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      const key = await customer(c);
      const details = await parseJsonBody(c, contracts.updateCustomerDetails.body);
      return c.json(await updateCustomerDetails(db, key, details, change(c)));
    })
    .post(contracts.eraseCustomerData.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      const key = await customer(c);
      await parseJsonBody(c, contracts.eraseCustomerData.body);
      const erased = await eraseCustomer(db, deps.files, key, change(c));
      deleteCookie(c, ordersCookie, { path: cookiePath, secure: deps.secureCookie });
      return c.json(erased);
    })
    .get(contracts.customerOrder.path, async (c) => {
      const key = await customer(c);
      return c.json(await getCustomerOrder(db, key, uuidParam(c, 'id', 'order_not_found'), orders()));
    })
    // a photo the pro took at the door of the customer's own order (decision 057)
    .get(fileEndpoints.getOrderStopPhoto.path, async (c) => {
      const key = await customer(c);
      const id = uuidParam(c, 'id', 'order_not_found');
      return imageResponse(c, await customerStopPhoto(db, deps.files, key, id, stopPhotoKindOf(c.req.param('kind'))));
    })
    .post(contracts.startOrderSeries.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      const key = await customer(c);
      const id = uuidParam(c, 'id', 'order_not_found');
      const { everyWeeks } = await parseJsonBody(c, contracts.startOrderSeries.body);
      return c.json(await repeatOrder(db, key, id, everyWeeks, change(c)), 201);
    })
    .post(contracts.rescheduleOrder.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      const key = await customer(c);
      const id = uuidParam(c, 'id', 'order_not_found');
      const to = await parseJsonBody(c, contracts.rescheduleOrder.body);
      return c.json(await rescheduleOrder(db, key, id, to, { ...change(c), notify: deps.notify }));
    })
    .post(contracts.chooseDelivery.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      const key = await customer(c);
      const id = uuidParam(c, 'id', 'order_not_found');
      const to = await parseJsonBody(c, contracts.chooseDelivery.body);
      return c.json(await chooseDelivery(db, key, id, to, { ...change(c), notify: deps.notify }));
    });
}
