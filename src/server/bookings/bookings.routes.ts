import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import { clientIp, parseJsonBody, parseQuery, uuidParam, type AppEnv } from '../http';
import type { BookingCheckout } from '../payments/checkout';
import type { NotificationContext } from '../notifications/notifications.service';
import { createBooking, getAvailability, getPublicBookingWithToken, quoteBookingRequest, type BookingLimits, type BookingRules } from './bookings.service';

export function bookingRoutes(deps: { db: Db; rules: BookingRules; limits: BookingLimits; checkout: BookingCheckout; publicUrl: string; notify: NotificationContext }) {
  const { db, rules } = deps;
  return new Hono<AppEnv>()
    .post(contracts.quoteBooking.path, async (c) => {
      const request = await parseJsonBody(c, contracts.quoteBooking.body);
      return c.json(await quoteBookingRequest(db, request, { rules, limits: deps.limits, ip: clientIp(c) }));
    })
    .post(contracts.createBooking.path, async (c) => {
      const request = await parseJsonBody(c, contracts.createBooking.body);
      const result = await createBooking(db, request, {
        rules,
        limits: deps.limits,
        checkout: deps.checkout,
        ip: clientIp(c),
        userAgent: c.req.header('user-agent') ?? null,
        publicUrl: deps.publicUrl,
        notify: deps.notify,
      });
      c.var.log.info(
        { bookingId: result.booking_id, next: result.next, totalCents: result.quote.totalCents },
        result.replayed ? 'booking submission answered again' : 'booking created',
      );
      // the same submission again made nothing new: 200 with the same answer
      return c.json(result, result.replayed ? 200 : 201);
    })
    .get(contracts.availability.path, async (c) => {
      const query = parseQuery(c, contracts.availability.query);
      return c.json(await getAvailability(db, { from: query.from, to: query.to }, rules));
    })
    .get(contracts.getBooking.path, async (c) => {
      const bookingId = uuidParam(c, 'id', 'booking_not_found');
      const { token } = parseQuery(c, contracts.getBooking.query);
      return c.json(await getPublicBookingWithToken(db, { bookingId, token, secret: deps.notify.secret }));
    });
}
