// One demo booking played through the site's own services, as its customer and the staff would:
// booked through the booking service (with the clock at the moment the customer booked), paid
// at the local gateway's checkout and confirmed only on the gateway's word (docs/design.md 5.2), then
// moved by the back office's services one step at a time (docs/design.md 9, status machine).
import * as z from 'zod/mini';
import { and, eq } from 'drizzle-orm';
import { prices } from '../../shared/business';
import { adjustment } from '../../shared/pricing';
import { MAX_POUNDS_PER_BAG, type BookingStatus } from '../../shared/schemas/back-office';
import { createBookingRequestSchema } from '../../shared/schemas/booking-api';
import { bookingFormInput } from '../bookings/booking.factory';
import { setBookingStatus } from '../bookings/booking-status.service';
import { createBooking, type BookingLimits } from '../bookings/bookings.service';
import { sendDeliveryConfirmation, sendFinalReceipt } from '../bookings/receipts.service';
import { loadBooking, type Booking } from '../bookings/staff-booking';
import { amountToCharge, processWeight } from '../bookings/weighing.service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { checkouts } from '../db/schema';
import { assignLaundryPro } from '../laundry-pros/assignments.service';
import type { LocalGateway } from '../gateways/payment/local-gateway';
import { createBookingCheckout } from '../payments/checkout.service';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { recordAbandonedCheckout } from '../bookings/booking-authorisation';
import type { Limit } from '../rate-limit';
import type { DemoBooking, DemoCard } from './demo-plan';

export type DemoServices = { db: Db; gateway: LocalGateway; config: Config };

/** Who the audit log names for the demo's staff actions. */
export const demoSeedActor = { id: 'demo-seed', email: 'demo-seed@washday.example', ip: null };

/** The rate-limit keys the seed counts under start with this (the seed cleans them up). */
export const demoLimitPrefix = 'demo-seed-';

/** The seed is not an anonymous visitor (docs/design.md 9): its bookings count under limits of their own. */
const demoLimit = (name: string): Limit => ({ name: `${demoLimitPrefix}${name}`, windowMs: 3_600_000, max: Number.MAX_SAFE_INTEGER, says: 'requests' });
const demoLimits: BookingLimits = { perIp: demoLimit('ip'), perCustomer: demoLimit('customer'), quotesPerIp: demoLimit('quote'), giftCardLookups: demoLimit('gift-card') };

/** The local gateway's test cards (docs/design.md 5.10; README). */
const testCardNumbers: Record<DemoCard, string> = { pays: '4242 4242 4242 4242', failsLater: '4000 0000 0000 0341' };

const notifyOf = (config: Config) => ({ publicUrl: config.publicUrl, secret: config.sessionSecret });
const staffAt = (config: Config, now: Date) => ({ actor: demoSeedActor, now, notify: notifyOf(config), timeZone: config.timeZone });

/** The booking's card checkout, as the checkout door recorded it (docs/design.md 9, checkout purposes). */
export async function checkoutSessionOf(db: Db, bookingId: string): Promise<string> {
  const [row] = await db
    .select({ sessionId: checkouts.sessionId })
    .from(checkouts)
    .where(and(eq(checkouts.purpose, 'booking_authorisation'), eq(checkouts.subjectId, bookingId)));
  if (!row) throw new Error(`Booking ${bookingId} has no card checkout.`);
  return row.sessionId;
}

/**
 * The customer pays on the local checkout page with a test card; the booking is then confirmed
 * from the gateway's own answer, as /booking-success asks for it (docs/design.md 5.2).
 */
export async function payAtCheckout(services: DemoServices, sessionId: string, card: DemoCard = 'pays'): Promise<void> {
  const { db, gateway, config } = services;
  const year = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
  const paid = await gateway.pay(sessionId, { number: testCardNumbers[card], expiry: `12/${year}`, cvc: '123', zip: '29072' });
  if (paid.outcome !== 'paid') throw new Error(`The demo card was not accepted at checkout ${sessionId}: ${paid.outcome}`);
  const outcome = await applyCheckoutSession(db, gateway, notifyOf(config), sessionId);
  if (outcome !== 'confirmed' && outcome !== 'already') throw new Error(`Checkout ${sessionId} did not confirm its booking: ${outcome}`);
}

/** Moves a booking one step with the staff's status service, at `now`. */
export async function moveDemoBooking(services: DemoServices, bookingId: string, status: BookingStatus, now: Date) {
  return setBookingStatus(services.db, services.gateway, bookingId, status, staffAt(services.config, now));
}

/**
 * A reading near `weightTenths` whose bill the gateway can charge as it is: no part of it under
 * the $0.50 card minimum (docs/design.md 5.8), which would be waived rather than charged.
 */
export function weightClearOfMinimum(booking: Booking, weightTenths: number): number {
  const hasCard = booking.stripePaymentIntentId !== null;
  const maxTenths = booking.bagQuantity * MAX_POUNDS_PER_BAG * 10;
  const waived = (tenths: number) => {
    const { chargeCents } = amountToCharge(booking, tenths);
    const extra = adjustment(chargeCents, booking.authorizedAmount);
    return hasCard && ((chargeCents > 0 && chargeCents < prices.minimumChargeCents) || (extra.kind === 'charge' && extra.cents < prices.minimumChargeCents));
  };
  let tenths = Math.min(Math.max(weightTenths, 10), maxTenths);
  while (waived(tenths) && tenths + 5 <= maxTenths) tenths += 5;
  return tenths;
}

/** Weighs a booking with the staff's weighing service (spec: back-office 7, process-weight-adjustment). */
export async function weighDemoBooking(services: DemoServices, bookingId: string, weightTenths: number, now: Date) {
  const booking = await loadBooking(services.db, bookingId);
  const tenths = weightClearOfMinimum(booking, weightTenths);
  return processWeight(services.db, services.gateway, { bookingId, actualWeight: tenths / 10 }, staffAt(services.config, now));
}

/** Books, pays and moves one demo booking as far as its plan says; answers its id. */
export async function playDemoBooking(services: DemoServices, demo: DemoBooking, proId: string | null = null): Promise<string> {
  const { db, gateway, config } = services;
  const notify = notifyOf(config);
  const request = z.parse(createBookingRequestSchema, { bookingData: bookingFormInput(demo.form), promoCode: demo.promoCode, giftCardCode: demo.giftCardCode });
  const created = await createBooking(db, request, {
    // the booking rules read the clock at the moment the customer booked
    rules: { timeZone: config.timeZone, now: () => demo.bookedAt },
    limits: demoLimits,
    checkout: createBookingCheckout({ db, gateway }),
    ip: null,
    userAgent: 'Washday demo seed',
    publicUrl: config.publicUrl,
    notify,
  });
  const bookingId = created.booking_id;
  if (created.next === 'checkout') {
    const sessionId = await checkoutSessionOf(db, bookingId);
    if (demo.leftCheckout) {
      // the customer pressed Cancel on the card form: the checkout closes, the booking is released
      await recordAbandonedCheckout(db, gateway, notify, { sessionId });
      return bookingId;
    }
    // pending: the customer is still at the card form (the checkout lapses as any other would)
    if (demo.status === 'pending') return bookingId;
    await payAtCheckout(services, sessionId, demo.card);
  }
  // spec: back-office 4 in docs/design.md 9's order, one step at a time
  if (demo.status === 'cancelled') {
    await moveDemoBooking(services, bookingId, 'cancelled', demo.cancelledAt);
    return bookingId;
  }
  // a laundry pro takes the paid booking before it is picked up (decision 017)
  if (proId) await assignLaundryPro(db, bookingId, { laundryProId: proId, confirmWeighed: false }, { actor: demoSeedActor, now: demo.bookedAt });
  if (demo.status === 'pending' || demo.status === 'confirmed') return bookingId;
  await moveDemoBooking(services, bookingId, 'in-progress', demo.pickedUpAt);
  if (demo.status === 'in-progress') return bookingId;
  // weighing charges the bill and completes the booking (docs/design.md 9)
  await weighDemoBooking(services, bookingId, demo.weightTenths, demo.weighedAt);
  if (demo.status === 'completed') return bookingId;
  await moveDemoBooking(services, bookingId, 'delivered', demo.deliveredAt);
  if (demo.sendReceipt) await sendFinalReceipt(db, bookingId, staffAt(config, demo.deliveredAt));
  if (demo.sendRatingEmail) await sendDeliveryConfirmation(db, bookingId, staffAt(config, demo.deliveredAt));
  return bookingId;
}
