// The customer's booking: server-side quote, promo and gift-card checks, pick-up capacity, and
// the free path. spec: customer-site 4, 5, 7, 9; DESIGN.md 4, 5.1-5.3.
import { and, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { business, pickupTimes } from '../../shared/business';
import { nowIn } from '../../shared/dates';
import { bookingAddOnLines, bagRateCents, normalisePromoCode, pickExtras, quoteBooking, type PromoCode } from '../../shared/pricing';
import { type BookingForm } from '../../shared/schemas/booking';
import { confirmationNumber } from '../../shared/booking-values';
import { smsConsentText } from '../../shared/sms';
import { rowsOf, type Db } from '../db/client';
import { bookings, pickupSlots, smsConsents } from '../db/schema';
import { DomainError, NotFoundError } from '../errors';
import { captureGiftCardHold, giftCardBalanceForQuote, holdGiftCard, releaseGiftCardHold } from '../gift-cards/gift-cards.service';
import type { BookingCheckout } from './checkout';
import { queueBookingConfirmed, type NotificationContext } from '../notifications/notifications.service';

export type BookingRequest = {
  bookingData: BookingForm;
  promoCode: string | null;
  giftCardCode: string | null;
};

export type BookingRules = {
  timeZone: string;
  capacityPerWindow: number;
  now?: () => Date;
};

export const bookingMessages = {
  invalidPromo: 'Please check your promo code and try again.',
  firstTimeOnly: 'FIRST12 is for first-time customers only.',
  pastDate: 'Please choose a pick-up date that is still ahead.',
  windowStarted: 'That pick-up window has already started today. Please choose a later time or day.',
  windowFull: 'That pick-up window is full. Please choose another time or day.',
} as const;

function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** A promo code the server accepts for this customer, or a 4xx. */
async function checkPromo(db: Db, code: string | null, form: BookingForm): Promise<PromoCode | null> {
  if (!code) return null;
  const promo = normalisePromoCode(code);
  if (!promo) throw new DomainError(400, 'promo_invalid', bookingMessages.invalidPromo, { promoCode: bookingMessages.invalidPromo });
  if (promo === 'FIRST12') {
    // spec: customer-site 9, FIRST12 is for first-time customers: no earlier confirmed booking
    // with the same email or the same phone number
    const [earlier] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          isNotNull(bookings.confirmedAt),
          or(
            sql`lower(${bookings.email}) = ${form.email.toLowerCase()}`,
            sql`right(regexp_replace(${bookings.phone}, '[^0-9]', '', 'g'), 10) = ${phoneDigits(form.phone)}`,
          ),
        ),
      )
      .limit(1);
    if (earlier) throw new DomainError(422, 'promo_not_eligible', bookingMessages.firstTimeOnly, { promoCode: bookingMessages.firstTimeOnly });
  }
  return promo;
}

function checkPickupTime(form: BookingForm, rules: BookingRules) {
  const now = nowIn(rules.timeZone, rules.now?.() ?? new Date());
  if (form.pickupDate < now.date)
    throw new DomainError(400, 'pickup_date_past', bookingMessages.pastDate, { pickupDate: bookingMessages.pastDate });
  const window = pickupTimes.find((t) => t.value === form.pickupTime)!;
  if (form.pickupDate === now.date && now.minutes >= window.startHour * 60)
    throw new DomainError(400, 'pickup_window_started', bookingMessages.windowStarted, { pickupTime: bookingMessages.windowStarted });
}

/** The server's price for a booking request: nothing is held or stored. */
export async function quoteBookingRequest(db: Db, request: BookingRequest, rules: BookingRules) {
  checkPickupTime(request.bookingData, rules);
  const promo = await checkPromo(db, request.promoCode, request.bookingData);
  const giftCardBalanceCents = request.giftCardCode ? await giftCardBalanceForQuote(db, request.giftCardCode) : 0;
  const quote = quoteBooking({ bagQuantity: request.bookingData.bagQuantity, extras: pickExtras(request.bookingData), promoCode: promo, giftCardBalanceCents });
  return { ...quote, promoCode: promo };
}

/**
 * Creates a booking priced by the server. Free (total 0): confirmed at once and the gift-card
 * hold captured. Otherwise: kept pending and handed to the card checkout.
 */
export async function createBooking(
  db: Db,
  request: BookingRequest,
  context: { rules: BookingRules; checkout: BookingCheckout; ip: string | null; userAgent: string | null; publicUrl: string; notify: NotificationContext },
) {
  const form = request.bookingData;
  checkPickupTime(form, context.rules);
  const promo = await checkPromo(db, request.promoCode, form);
  const quote = quoteBooking({ bagQuantity: form.bagQuantity, extras: pickExtras(form), promoCode: promo });

  const created = await db.transaction(async (tx) => {
    // claim a place in the window atomically: concurrent requests cannot overbook it
    const claimed = await tx.execute(sql`
      insert into pickup_slots (pickup_date, pickup_time, booked)
      values (${form.pickupDate}, ${form.pickupTime}, 1)
      on conflict (pickup_date, pickup_time)
      do update set booked = pickup_slots.booked + 1
      where pickup_slots.booked < ${context.rules.capacityPerWindow}
      returning booked`);
    if (rowsOf(claimed).length === 0 || context.rules.capacityPerWindow < 1)
      throw new DomainError(409, 'pickup_window_full', bookingMessages.windowFull, { pickupTime: bookingMessages.windowFull });

    const [row] = await tx
      .insert(bookings)
      .values({
        ...form,
        fabricSoftener: false,
        promoCode: promo,
        subtotalCents: quote.subtotalCents,
        totalAmount: quote.totalCents,
        originalTotalAmount: quote.totalCents,
        clientIp: context.ip,
      })
      .returning({ id: bookings.id });
    const bookingId = row!.id;

    let discount = 0;
    let giftCardId: string | null = null;
    if (request.giftCardCode) {
      const held = await holdGiftCard(tx, { code: request.giftCardCode, bookingId, subtotalCents: quote.subtotalCents });
      discount = held.discountCents;
      giftCardId = held.giftCardId;
    }
    const totalCents = Math.max(0, quote.subtotalCents - discount);
    const free = totalCents === 0;
    await tx
      .update(bookings)
      .set({
        giftCardId,
        giftCardDiscountCents: discount,
        totalAmount: totalCents,
        originalTotalAmount: totalCents,
        ...(free ? { bookingStatus: 'confirmed' as const, paymentStatus: 'paid' as const, confirmedAt: new Date() } : {}),
      })
      .where(eq(bookings.id, bookingId));
    if (free) await captureGiftCardHold(tx, bookingId);
    if (form.smsConsent) {
      await tx.insert(smsConsents).values({
        bookingId,
        phone: form.phone,
        consentText: smsConsentText,
        ip: context.ip,
        userAgent: context.userAgent?.slice(0, 500) ?? null,
      });
    }
    // DESIGN.md 7: a free booking is confirmed, and its confirmation queued, at creation
    if (free) await queueBookingConfirmed(tx, bookingId, context.notify);
    return { bookingId, totalCents, discount, free };
  });

  const response = {
    booking_id: created.bookingId,
    confirmation: confirmationNumber(created.bookingId),
    quote: { ...quote, giftCardDiscountCents: created.discount, totalCents: created.totalCents, isFree: created.free, promoCode: promo },
  };
  if (created.free) return { ...response, next: 'confirmed' as const, url: null };

  try {
    const { url } = await context.checkout.start({
      bookingId: created.bookingId,
      confirmation: response.confirmation,
      totalCents: created.totalCents,
      name: form.name,
      email: form.email,
      publicUrl: context.publicUrl,
    });
    return { ...response, next: 'checkout' as const, url };
  } catch (err) {
    // nothing is lost: the booking stays on record as cancelled, and its place and hold go back
    await cancelUnpaidBooking(db, created.bookingId);
    throw err;
  }
}

/** Cancels a booking that was never paid: frees its place and releases any gift-card hold. */
export async function cancelUnpaidBooking(db: Db, bookingId: string) {
  await db.transaction(async (tx) => {
    const [booking] = await tx
      .update(bookings)
      .set({ bookingStatus: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, 'pending')))
      .returning({ pickupDate: bookings.pickupDate, pickupTime: bookings.pickupTime });
    if (!booking) return;
    await tx
      .update(pickupSlots)
      .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
      .where(and(eq(pickupSlots.pickupDate, booking.pickupDate), eq(pickupSlots.pickupTime, booking.pickupTime)));
    await releaseGiftCardHold(tx, bookingId);
  });
}

/** The fields the confirmation page shows; no email or phone leaves the server here. */
export async function getPublicBooking(db: Db, by: { bookingId: string } | { sessionId: string }) {
  const [row] = await db
    .select()
    .from(bookings)
    .where('bookingId' in by ? eq(bookings.id, by.bookingId) : eq(bookings.stripeSessionId, by.sessionId))
    .limit(1);
  if (!row) throw new NotFoundError('Booking not found.');
  const promo = row.promoCode ? normalisePromoCode(row.promoCode) : null;
  return {
    id: row.id,
    confirmation: confirmationNumber(row.id),
    payment_status: row.paymentStatus,
    booking_status: row.bookingStatus,
    payment_intent_status: row.paymentIntentStatus,
    authorized_amount: row.authorizedAmount,
    name: row.name,
    address: row.address,
    city: row.city,
    zip_code: row.zipCode,
    pickup_date: row.pickupDate,
    pickup_time: row.pickupTime,
    pickup_location: row.pickupLocation,
    bag_quantity: row.bagQuantity,
    bag_rate_cents: bagRateCents(promo),
    subtotal_cents: row.subtotalCents,
    gift_card_discount_cents: row.giftCardDiscountCents,
    total_amount: row.totalAmount,
    promo_code: row.promoCode,
    add_on_lines: bookingAddOnLines(pickExtras(row), row.bagQuantity).map((l) => (promo === 'FREE' ? { ...l, totalCents: 0 } : l)),
  };
}

/** Full windows between two dates, for the wizard's calendar and time choice. */
export async function getAvailability(db: Db, range: { from: string; to: string }, rules: BookingRules) {
  const full = await db
    .select({ date: pickupSlots.pickupDate, time: pickupSlots.pickupTime })
    .from(pickupSlots)
    .where(
      and(
        gte(pickupSlots.pickupDate, range.from),
        lte(pickupSlots.pickupDate, range.to),
        gte(pickupSlots.booked, rules.capacityPerWindow),
        inArray(pickupSlots.pickupTime, pickupTimes.map((t) => t.value)),
      ),
    );
  const now = nowIn(rules.timeZone, rules.now?.() ?? new Date());
  return {
    today: now.date,
    capacityPerWindow: rules.capacityPerWindow,
    full: full.map((f) => `${f.date}|${f.time}`),
    /** Today's windows that have already started and can no longer be booked. */
    started: pickupTimes.filter((t) => now.minutes >= t.startHour * 60).map((t) => `${now.date}|${t.value}`),
    serviceWeekdays: [...business.serviceWeekdays],
  };
}
