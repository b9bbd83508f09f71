// The back office's booking endpoints (behind the /api/admin guard of app.ts): parse, call one
// service function, answer.
import { Hono, type Context } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import type { FileStore } from '../gateways/files/file-store';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, parseQuery, uuidParam } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { deleteBooking, setBookingStatus, setPricePerPound } from './booking-status.service';
import { setBookingProgress } from './progress.service';
import { getFinalReceipt, sendDeliveryConfirmation, sendFinalReceipt } from './receipts.service';
import { getStaffBooking } from './staff-booking';
import { dayBoard } from './schedule.service';
import { dashboardStats, listStaffBookings } from './staff-listing.service';
import { processWeight } from './weighing.service';
import { refundBooking } from './refunds.service';
import { reweighBooking } from './reweigh.service';
import { staffEditDetails, staffMoveBooking } from './staff-changes.service';
import { createPhoneOrder, resendPayLink } from './phone-orders.service';

export function staffBookingRoutes(deps: { db: Db; gateway: PaymentGateway; files: Pick<FileStore, 'delete'>; notify: NotificationContext; timeZone: string; now: () => Date }) {
  const { db, gateway, timeZone } = deps;
  const id = (c: Context) => uuidParam(c, 'id', 'booking_not_found');
  const ctx = (c: Context<StaffEnv>) => ({ actor: c.var.staff, now: deps.now() });
  return new Hono<StaffEnv>()
    .get(contracts.dashboardStats.path, async (c) => c.json(await dashboardStats(db, { timeZone, now: deps.now() })))
    .get(contracts.listStaffBookings.path, async (c) => c.json(await listStaffBookings(db, parseQuery(c, contracts.listStaffBookings.query))))
    .get(contracts.todaysSchedule.path, async (c) => {
      const { date } = parseQuery(c, contracts.todaysSchedule.query);
      return c.json(await dayBoard(db, { timeZone, now: deps.now(), date }));
    })
    .get(contracts.getStaffBooking.path, async (c) => c.json({ booking: await getStaffBooking(db, id(c)) }))
    .post(contracts.setBookingStatus.path, async (c) => {
      const bookingId = id(c);
      const { status } = await parseJsonBody(c, contracts.setBookingStatus.body);
      return c.json({ booking: await setBookingStatus(db, gateway, bookingId, status, { ...ctx(c), notify: deps.notify }) });
    })
    .post(contracts.setBookingProgress.path, async (c) => {
      const bookingId = id(c);
      const { stage } = await parseJsonBody(c, contracts.setBookingProgress.body);
      return c.json({ booking: await setBookingProgress(db, bookingId, stage, { ...ctx(c), notify: deps.notify }) });
    })
    .post(contracts.setPricePerPound.path, async (c) => {
      const bookingId = id(c);
      const { pricePerPoundCents } = await parseJsonBody(c, contracts.setPricePerPound.body);
      return c.json({ booking: await setPricePerPound(db, bookingId, pricePerPoundCents, ctx(c)) });
    })
    .post(contracts.processWeight.path, async (c) => {
      const bookingId = id(c);
      const { actualWeight, bagWeights, itemCounts } = await parseJsonBody(c, contracts.processWeight.body);
      const result = await processWeight(db, gateway, { bookingId, actualWeight, bagWeights, itemCounts }, { ...ctx(c), notify: deps.notify });
      c.var.log.info({ bookingId, outcome: result.outcome }, 'weight processed');
      return c.json(result);
    })
    .get(contracts.getFinalReceipt.path, async (c) => c.json({ receipt: await getFinalReceipt(db, id(c)) }))
    .post(contracts.sendFinalReceipt.path, async (c) => c.json(await sendFinalReceipt(db, id(c), { ...ctx(c), notify: deps.notify })))
    .post(contracts.sendDeliveryConfirmation.path, async (c) => c.json(await sendDeliveryConfirmation(db, id(c), { ...ctx(c), timeZone, notify: deps.notify })))
    // decision 031: a refund to the card or a credit to a gift card, once per key the browser made
    // a customer who calls (decision 057): the pick-up moved, the details corrected
    .post(contracts.moveStaffBooking.path, async (c) => {
      const bookingId = id(c);
      const to = await parseJsonBody(c, contracts.moveStaffBooking.body);
      return c.json(await staffMoveBooking(db, bookingId, to, { ...ctx(c), timeZone, notify: deps.notify }));
    })
    .put(contracts.editStaffBookingDetails.path, async (c) => {
      const bookingId = id(c);
      const details = await parseJsonBody(c, contracts.editStaffBookingDetails.body);
      return c.json(await staffEditDetails(db, bookingId, details, ctx(c)));
    })
    // a phone order (decision 058): booked for the caller, paid from their link
    .post(contracts.createPhoneOrder.path, async (c) => {
      const input = await parseJsonBody(c, contracts.createPhoneOrder.body);
      const result = await createPhoneOrder(db, input, { ...ctx(c), rules: { timeZone, now: deps.now }, notify: deps.notify });
      c.var.log.info({ bookingId: result.bookingId, replayed: result.replayed }, 'phone order taken');
      return c.json(result, result.replayed ? 200 : 201);
    })
    .post(contracts.resendPayLink.path, async (c) => {
      const bookingId = id(c);
      const { channel } = await parseJsonBody(c, contracts.resendPayLink.body);
      return c.json(await resendPayLink(db, bookingId, channel, { ...ctx(c), notify: deps.notify }));
    })
    .post(contracts.refundBooking.path, async (c) => {
      const bookingId = id(c);
      const body = await parseJsonBody(c, contracts.refundBooking.body);
      const result = await refundBooking(db, gateway, { bookingId, ...body }, ctx(c));
      c.var.log.info({ bookingId, refundId: result.refund.id, refundedCents: result.refund.refundedCents, destination: result.refund.destination }, 'booking refunded');
      return c.json(result);
    })
    // decision 034: correct the weight before the customer approved the bill, once per key the browser made
    .post(contracts.reweighBooking.path, async (c) => {
      const bookingId = id(c);
      const body = await parseJsonBody(c, contracts.reweighBooking.body);
      const result = await reweighBooking(db, gateway, { bookingId, ...body }, { ...ctx(c), notify: deps.notify });
      c.var.log.info({ bookingId, reweighId: result.reweigh.id, toWeightTenths: result.reweigh.toWeightTenths, refundedCents: result.reweigh.refundedCents, chargedCents: result.reweigh.chargedCents }, 'booking reweighed');
      return c.json(result);
    })
    .delete(contracts.deleteBooking.path, async (c) => c.json(await deleteBooking(db, gateway, deps.files, id(c), ctx(c))));
}
