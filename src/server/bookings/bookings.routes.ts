import { Hono } from 'hono';
import { z } from 'zod';
import { contracts } from '../../shared/api';
import { addDays, isIsoDate } from '../../shared/dates';
import type { Db } from '../db/client';
import { ValidationError } from '../errors';
import { clientIp, parseJsonBody, type AppEnv } from '../http';
import type { BookingCheckout } from './checkout';
import type { NotificationContext } from '../notifications/notifications.service';
import { createBooking, getAvailability, getPublicBooking, quoteBookingRequest, type BookingRules } from './bookings.service';

const uuidParam = z.string().uuid('Booking not found.');

export function bookingRoutes(deps: { db: Db; rules: BookingRules; checkout: BookingCheckout; publicUrl: string; notify: NotificationContext }) {
  const { db, rules } = deps;
  return new Hono<AppEnv>()
    .post(contracts.quoteBooking.path, async (c) => {
      const request = await parseJsonBody(c, contracts.quoteBooking.body);
      return c.json(await quoteBookingRequest(db, request, rules));
    })
    .post(contracts.createBooking.path, async (c) => {
      const request = await parseJsonBody(c, contracts.createBooking.body);
      const result = await createBooking(db, request, {
        rules,
        checkout: deps.checkout,
        ip: clientIp(c),
        userAgent: c.req.header('user-agent') ?? null,
        publicUrl: deps.publicUrl,
        notify: deps.notify,
      });
      c.var.log.info({ bookingId: result.booking_id, next: result.next, totalCents: result.quote.totalCents }, 'booking created');
      return c.json(result, 201);
    })
    .get(contracts.availability.path, async (c) => {
      const today = (await getAvailability(db, { from: '1970-01-01', to: '1970-01-01' }, rules)).today;
      const from = c.req.query('from') ?? today;
      const to = c.req.query('to') ?? addDays(from, 90);
      if (!isIsoDate(from) || !isIsoDate(to) || to < from || to > addDays(from, 366))
        throw new ValidationError({ from: 'Use from and to as YYYY-MM-DD, at most a year apart' });
      return c.json(await getAvailability(db, { from, to }, rules));
    })
    .get(contracts.getBooking.path, async (c) => {
      const id = uuidParam.safeParse(c.req.param('id'));
      if (!id.success) return c.json({ error: { code: 'not_found', message: 'Booking not found.' } }, 404);
      return c.json(await getPublicBooking(db, { bookingId: id.data }));
    });
}
