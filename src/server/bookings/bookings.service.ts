// The customer's booking: server-side quote, promo and gift-card checks, pick-up capacity, and
// the free path. spec: customer-site 4, 5, 7, 9; docs/design.md 4, 5.1-5.3.
import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { offeredWindows } from '../../shared/business-words';
import { addDays, nowIn, todayIn } from '../../shared/dates';
import { checkPickupDate, checkPickupWindow, checkServiceZip, windowClosedToday } from '../../shared/pickup-rules';
import { pickExtras, quoteBooking, type BookingQuote, type PromoRate } from '../../shared/pricing';
import { customerEmailKey, customerPhoneKey } from '../../shared/customer-identity';
import { isAvailabilityRange, type BookingForm } from '../../shared/schemas/booking-api';
import { confirmationNumber } from '../../shared/booking-values';
import { type Db, type Tx } from '../db/client';
import { bookings, pickupSlots } from '../db/schema';
import { domainError, pickupRefused } from '../error-catalogue';
import { DomainError } from '../errors';
import { captureGiftCardHold, giftCardBalanceForQuote, holdGiftCard } from '../gift-cards/gift-cards.service';
import { checkPromoCode, type CustomerKeys } from '../promo-codes/promo-codes.service';
import { hitsOf, sweepFinishedWindows, takeHitsUnder, type Count, type Limit } from '../rate-limit';
import { verifySignedToken } from '../signed-token';
import { getPublicBooking } from '../booking-records/public-booking';
import { cancellationCutoff } from '../booking-records/cancel-link';
import { insertBookingInTransaction, insertBookingInWindow, insertBookingPastHolds, isWindowFull, NotAdmitted, SubmissionTaken } from './booking-write';
import { bookingAnswer, findSubmittedBooking, releaseSubmissionKey, storedBookingAnswer, submissionMismatch, submissionOf, submissionState, type BookingAnswer, type Submission } from './booking-submission';
import { cancelUnpaidBooking } from '../booking-records/unpaid-booking';
import { takesPlace } from '../booking-records/places';
import type { BookingCheckout, CheckoutRequest } from '../payments/checkout';
import { queueBookingConfirmed, type NotificationContext } from '../notifications/notifications.service';
import { normalisePhone } from '../../shared/phone';
import { priceListOf } from '../../shared/price-list';
import { smsConsentText } from '../../shared/sms';
import { readSettings } from '../settings/settings.service';

/** The prices a booking made now is quoted, from the settings (decision 055). */
async function currentPriceList(db: Db) {
  return priceListOf((await readSettings(db)).settings.prices);
}

export type BookingRequest = {
  bookingData: BookingForm;
  promoCode: string | null;
  giftCardCode: string | null;
  /** The wizard's key for this submission (booking-submission.ts); without one every request books. */
  submissionKey?: string | undefined;
};

/** The business's clock; the schedule itself (days, windows, places, dates) is the settings' (decision 055). */
export type BookingRules = {
  timeZone: string;
  now?: () => Date;
};


/**
 * The limits of the anonymous booking endpoints (docs/design.md 9): bookings per IP and per customer
 * (email or phone), quotes per IP (decision 037), and gift-card look-ups per IP, shared with the
 * validate endpoint.
 */
export type BookingLimits = { perIp: Limit; perCustomer: Limit; quotesPerIp: Limit; giftCardLookups: Limit };

function customerOf(form: BookingForm): CustomerKeys {
  return { emailKey: customerEmailKey(form.email), phoneKey: customerPhoneKey(form.phone) };
}

function today(rules: BookingRules): string {
  return nowIn(rules.timeZone, rules.now?.() ?? new Date()).date;
}

export async function checkPickupTime(db: Db, form: Pick<BookingForm, 'pickupDate' | 'pickupTime' | 'zipCode'>, rules: BookingRules) {
  const now = nowIn(rules.timeZone, rules.now?.() ?? new Date());
  // the service area and schedule as Settings say, and no booking before the owner opens the website (decision 055)
  const read = await readSettings(db);
  if (!read.open) throw domainError('opening_soon');
  const { serviceArea, schedule } = read.settings;
  // spec: customer-site 1 and 5: inside the horizon, on a pick-up day the business is open, in an
  // offered window not yet past its same-day cut-off, in the service area
  const refusal =
    checkPickupDate(form.pickupDate, { today: now.date, horizonDays: schedule.horizonDays, closedDates: schedule.closedDates, serviceWeekdays: schedule.serviceWeekdays }) ??
    checkPickupWindow(form.pickupDate, form.pickupTime, { now, windows: schedule.pickupWindows, sameDayCutoffHours: schedule.sameDayCutoffHours }) ??
    checkServiceZip(form.zipCode, serviceArea.zipCodes);
  if (refusal) throw pickupRefused(refusal);
}

/** The limits count by the app's clock (a test's fixed one included), so a window never turns mid-test. */
function limitClock(rules: BookingRules): number {
  return (rules.now?.() ?? new Date()).getTime();
}

/**
 * The server's price for a booking request: nothing is held or stored. It says nothing about who
 * the customer is: a code's first-time and per-customer rules wait for the booking (decision 037).
 */
export async function quoteBookingRequest(db: Db, request: BookingRequest, context: { rules: BookingRules; limits: BookingLimits; ip: string | null }) {
  await checkPickupTime(db, request.bookingData, context.rules);
  // limited per IP (decision 037); every place that takes a gift-card code shares one limit per IP (docs/design.md 9)
  const counts: Count[] = [[context.limits.quotesPerIp, [context.ip]]];
  if (request.giftCardCode) counts.push([context.limits.giftCardLookups, [context.ip]]);
  await takeHitsUnder(db, counts, limitClock(context.rules));
  const promo = await checkPromoCode(db, { code: request.promoCode, customer: null, today: today(context.rules) });
  const giftCardBalanceCents = request.giftCardCode ? await giftCardBalanceForQuote(db, request.giftCardCode) : 0;
  const quote = quoteBooking({ bagQuantity: request.bookingData.bagQuantity, extras: pickExtras(request.bookingData), promo, giftCardBalanceCents, priceList: await currentPriceList(db) });
  return { ...quote, promoCode: promo?.code ?? null, promo };
}

/**
 * One customer's bookings go one at a time (their rules count the customer's other bookings):
 * a transaction-scoped lock per email key and per phone key, always in the same order.
 */
async function lockCustomer(tx: Tx, customer: CustomerKeys) {
  const [first, second] = [`email:${customer.emailKey}`, `phone:${customer.phoneKey}`].sort().map((key) => `washday-customer:${key}`);
  // one round trip; a select list is evaluated left to right, so the order holds
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${first}, 0)), pg_advisory_xact_lock(hashtextextended(${second}, 0))`);
}

/**
 * docs/design.md 9: at most one open (not yet picked up) free booking per email or phone. Free is
 * free by a promo code: a total a gift card paid (bought with money) is not (decision 013).
 */
async function refuseSecondOpenFreeBooking(tx: Tx, customer: CustomerKeys) {
  const [open] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.totalAmount, 0),
        eq(bookings.giftCardDiscountCents, 0),
        inArray(bookings.bookingStatus, ['pending', 'confirmed']),
        or(eq(bookings.emailKey, customer.emailKey), eq(bookings.phoneKey, customer.phoneKey)),
      ),
    )
    .limit(1);
  if (open) throw domainError('free_booking_open');
}

export type BookingContext = {
  /** The limits this request counts under, for a plain booking's statement to count (createBooking). */
  limitsTaken?: { counts: Count[]; now: number };
  rules: BookingRules;
  limits: BookingLimits;
  checkout: BookingCheckout;
  ip: string | null;
  userAgent: string | null;
  publicUrl: string;
  notify: NotificationContext;
};

type Created = { bookingId: string; totalCents: number; discount: number; free: boolean; quote: BookingQuote; promo: PromoRate | null };

/**
 * Creates a booking priced by the server. Free (total 0): confirmed at once and the gift-card
 * hold captured. Otherwise: kept pending and handed to the card checkout. A submission sent again
 * answers its booking (booking-submission.ts): `replayed`, and nothing new is made.
 */
export async function createBooking(db: Db, request: BookingRequest, context: BookingContext) {
  const customer = customerOf(request.bookingData);
  // docs/design.md 9: anonymous writes are limited per IP and per email/phone, before anything is written
  const counts: Count[] = [
    [context.limits.perIp, [context.ip]],
    [context.limits.perCustomer, [`email:${customer.emailKey}`, `phone:${customer.phoneKey}`]],
    ...(request.giftCardCode ? [[context.limits.giftCardLookups, [context.ip]] as const] : []),
  ];
  const now = limitClock(context.rules);
  // a plain booking counts them in its own statement (booking-write.ts); any other first
  if (isPlain(request)) await sweepFinishedWindows(db, counts, now);
  else await takeHitsUnder(db, counts, now);
  return bookSubmission(db, request, { ...context, limitsTaken: { counts, now } }, submissionOf(request), 0);
}

/** No promo code and no gift card: the booking depends on no other row and is never free. */
function isPlain(request: BookingRequest): boolean {
  return !request.promoCode && !request.giftCardCode;
}

async function bookSubmission(db: Db, request: BookingRequest, context: BookingContext, submission: Submission | null, attempt: number): Promise<BookingAnswer> {
  let created: Created;
  try {
    await checkPickupTime(db, request.bookingData, context.rules);
    created = await writeBooking(db, request, context, submission);
  } catch (err) {
    // the same submission again: refused by its key, or by a rule its own booking now trips (the
    // window it filled, the free booking it made); answered from that booking
    if (!submission || !(err instanceof SubmissionTaken || err instanceof DomainError)) throw err;
    return answerEarlierSubmission(db, request, context, submission, err, attempt);
  }
  const response = bookingAnswer({ ...created, discountCents: created.discount, secret: context.notify.secret });
  if (created.free) return { ...response, next: 'confirmed' as const, url: null, replayed: false };

  try {
    const { url } = await context.checkout.start(checkoutRequest(request.bookingData, created.bookingId, created.totalCents, context));
    return { ...response, next: 'checkout' as const, url, replayed: false };
  } catch (err) {
    // nothing is lost: the booking stays on record as cancelled, and its place and hold go back
    await cancelUnpaidBooking(db, created.bookingId);
    throw err;
  }
}

function checkoutRequest(customer: { name: string; email: string }, bookingId: string, totalCents: number, context: BookingContext): CheckoutRequest {
  return { bookingId, confirmation: confirmationNumber(bookingId), totalCents, name: customer.name, email: customer.email, publicUrl: context.publicUrl };
}

/**
 * The answer to a submission that booked before: a different request under its key is refused;
 * a booking at the card checkout answers that checkout (the same page, or, once the gateway says it
 * was paid, the confirmation); one released unpaid books again; any other goes to its confirmation.
 */
async function answerEarlierSubmission(db: Db, request: BookingRequest, context: BookingContext, submission: Submission, cause: unknown, attempt: number): Promise<BookingAnswer> {
  const earlier = await findSubmittedBooking(db, submission.key);
  // no booking under this key: the refusal was this request's own (staff may also have deleted it)
  if (!earlier) throw cause instanceof SubmissionTaken ? domainError('submission_gone') : cause;
  if (earlier.submissionDigest !== submission.digest) throw submissionMismatch();
  const answer = { ...storedBookingAnswer(earlier, context.notify.secret), replayed: true };
  const state = submissionState(earlier);
  // a bounded number of steps: settled at the gateway, or released and booked again, then answered
  if (state === 'awaiting_payment' && attempt < 3) {
    const door = checkoutRequest(earlier, earlier.id, earlier.totalAmount, context);
    const resumed = context.checkout.resume ? await context.checkout.resume({ ...door, notify: context.notify }) : await context.checkout.start(door);
    if ('url' in resumed) return { ...answer, next: 'checkout' as const, url: resumed.url };
    return answerEarlierSubmission(db, request, context, submission, cause, attempt + 1);
  }
  if (state === 'released' && attempt < 3) {
    await releaseSubmissionKey(db, earlier);
    return bookSubmission(db, request, context, submission, attempt + 1);
  }
  return { ...answer, next: 'confirmed' as const, url: null };
}

/**
 * A booking staff take on the phone (decision 058): written in one transaction with its own row
 * (`record`), its terms still to be accepted and no texts agreed to, both the customer's to give.
 */
export type PhoneOrderWrite = { record: (tx: Tx, bookingId: string) => Promise<void> };

/** The booking written with its final amounts: one statement for a plain booking, else one transaction. */
export async function writeBooking(db: Db, request: BookingRequest, context: Pick<BookingContext, 'rules' | 'ip' | 'userAgent' | 'notify' | 'limitsTaken'>, submission: Submission | null, phoneOrder?: PhoneOrderWrite): Promise<Created> {
  const form = phoneOrder ? { ...request.bookingData, smsConsent: false } : request.bookingData;
  const customer = customerOf(form);
  // the prices it is quoted now, kept with it: weighed and billed at them whatever changes later (decision 055)
  const { settings } = await readSettings(db);
  const priceList = priceListOf(settings.prices);
  const row = (quote: { subtotalCents: number }, promo: PromoRate | null, amounts: { giftCardId: string | null; discount: number; totalCents: number }) => ({
    ...form,
    // spec: back-office 2 — stored one way (+18035550142), shown one way ((803) 555-0142)
    phone: normalisePhone(form.phone),
    id: randomUUID(),
    fabricSoftener: false,
    promoCode: promo?.code ?? null,
    promoBagRateCents: promo?.bagRateCents ?? null,
    promoWaivesAddOns: promo?.waivesAddOns ?? false,
    priceList,
    pricePerPoundCents: priceList.perPoundCents,
    emailKey: customer.emailKey,
    phoneKey: customer.phoneKey,
    subtotalCents: quote.subtotalCents,
    giftCardId: amounts.giftCardId,
    giftCardDiscountCents: amounts.discount,
    totalAmount: amounts.totalCents,
    originalTotalAmount: amounts.totalCents,
    clientIp: context.ip,
    submissionKey: submission?.key ?? null,
    submissionDigest: submission?.digest ?? null,
    ...(phoneOrder ? { termsAccepted: false } : {}),
  });
  const claim = {
    capacityPerWindow: settings.schedule.capacityPerWindow,
    // the words the wizard showed, naming the business as its settings do
    smsConsent: form.smsConsent ? { phone: normalisePhone(form.phone), ip: context.ip, userAgent: context.userAgent, text: smsConsentText(settings.business.name) } : null,
  };

  if (isPlain(request) && !phoneOrder) {
    // a plain booking depends on no other row and is never free: one statement, no transaction,
    // which also counts its anonymous-write limits
    const quote = quoteBooking({ bagQuantity: form.bagQuantity, extras: pickExtras(form), promo: null, priceList });
    const booking = row(quote, null, { giftCardId: null, discount: 0, totalCents: quote.totalCents });
    const taken = context.limitsTaken;
    try {
      await insertBookingInWindow(db, booking, { ...claim, hits: taken ? hitsOf(taken.counts, taken.now) : [] });
    } catch (err) {
      if (err instanceof NotAdmitted && taken) {
        // nothing was written, its hits included: counted now, a limit reached answers 429
        await takeHitsUnder(db, taken.counts, taken.now);
      } else if (!isWindowFull(err)) throw err;
      // the window's count is full: past the places only held by unpaid checkouts (decision 042)
      await db.transaction((tx) => insertBookingPastHolds(tx, booking, claim));
    }
    return { bookingId: booking.id, totalCents: quote.totalCents, discount: 0, free: false, quote, promo: null };
  }
  return db.transaction(async (tx) => {
    // a promo code's first-time and use rules, and one open free booking, read this customer's bookings
    await lockCustomer(tx, customer);
    const promo = await checkPromoCode(tx, { code: request.promoCode, customer, today: today(context.rules), lock: true });
    const quote = quoteBooking({ bagQuantity: form.bagQuantity, extras: pickExtras(form), promo, priceList });
    // the gift card first (its balance locked until the commit), so the booking is written once with its final amounts
    const held = request.giftCardCode ? await holdGiftCard(tx, { code: request.giftCardCode, subtotalCents: quote.subtotalCents }) : null;
    const discount = held?.discountCents ?? 0;
    // the shared price rule with the amount the card actually gave (docs/design.md 4)
    const { totalCents } = quoteBooking({ bagQuantity: form.bagQuantity, extras: pickExtras(form), promo, giftCardBalanceCents: discount, priceList });
    const free = totalCents === 0;
    // decision 013: one open pick-up free by a promo code; a gift card's amount is paid for
    if (free && discount === 0) await refuseSecondOpenFreeBooking(tx, customer);
    const booking = {
      ...row(quote, promo, { giftCardId: held?.giftCardId ?? null, discount, totalCents }),
      ...(free ? { bookingStatus: 'confirmed' as const, paymentStatus: 'paid' as const, confirmedAt: new Date() } : {}),
    };
    // a submission booked already: SubmissionTaken, and the whole transaction (the hold too) rolls back
    await insertBookingInTransaction(tx, booking, claim);
    if (held) await held.record(booking.id);
    if (phoneOrder) await phoneOrder.record(tx, booking.id);
    if (free) await captureGiftCardHold(tx, booking.id);
    // docs/design.md 7: a free booking is confirmed, and its confirmation queued, at creation
    if (free) await queueBookingConfirmed(tx, booking.id, context.notify);
    return { bookingId: booking.id, totalCents, discount, free, quote, promo };
  });
}

/**
 * The confirmation page of a booking opened by its id (the free path): only with the booking's
 * signed token, which only the customer's own booking answer carries (docs/design.md 9). A wrong token
 * and an unknown id answer alike.
 */
export async function getPublicBookingWithToken(db: Db, input: { bookingId: string; token: string; secret: string }) {
  if (!verifySignedToken(input.secret, 'view-booking', input.bookingId, input.token)) throw domainError('booking_not_found');
  return getPublicBooking(db, { bookingId: input.bookingId });
}

/**
 * Full windows between two dates, for the wizard's calendar and time choice: those whose places
 * are all taken by bookings that will happen. A window whose places are only held by unpaid
 * checkouts is still offered (decision 042: the first to pay takes the place).
 */
export async function getAvailability(db: Db, asked: { from?: string | undefined; to?: string | undefined }, rules: BookingRules) {
  const { settings } = await readSettings(db);
  const { schedule } = settings;
  const from = asked.from ?? todayIn(rules.timeZone, rules.now?.() ?? new Date());
  // spec: customer-site 5: the calendar shows the booking horizon
  const range = { from, to: asked.to ?? addDays(from, schedule.horizonDays) };
  // the schema checked the range it was given; a left-out end is only known here
  if (!isAvailabilityRange(range.from, range.to)) throw domainError('availability_range');
  const windows = offeredWindows(schedule.pickupWindows);
  const taken = db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.pickupDate, pickupSlots.pickupDate), eq(bookings.pickupTime, pickupSlots.pickupTime), takesPlace));
  const full = await db
    .select({ date: pickupSlots.pickupDate, time: pickupSlots.pickupTime })
    .from(pickupSlots)
    .where(
      and(
        gte(pickupSlots.pickupDate, range.from),
        lte(pickupSlots.pickupDate, range.to),
        // the window's count first (every open booking): only a full count is looked into
        gte(pickupSlots.booked, schedule.capacityPerWindow),
        inArray(pickupSlots.pickupTime, windows.map((w) => w.value)),
        sql`(${taken}) >= ${schedule.capacityPerWindow}`,
      ),
    );
  const instant = rules.now?.() ?? new Date();
  const now = nowIn(rules.timeZone, instant);
  const started = windows.filter((w) => windowClosedToday(now.date, w, { now, sameDayCutoffHours: schedule.sameDayCutoffHours })).map((w) => `${now.date}|${w.value}`);
  // spec: customer-site 9, free cancellation up to the settings' hours before the window: the windows
  // still open to booking whose cut-off has passed (at most 72 hours ahead), said before booking
  const cutoffRules = { timeZone: rules.timeZone, freeCancellationHours: schedule.freeCancellationHours };
  const noFreeCancellation = [0, 1, 2, 3]
    .map((n) => addDays(now.date, n))
    .filter((d) => d >= range.from && d <= range.to)
    .flatMap((d) => windows.filter((w) => cancellationCutoff(d, w.value, cutoffRules) <= instant).map((w) => `${d}|${w.value}`))
    .filter((key) => !started.includes(key));
  return {
    today: now.date,
    /** The last day that can be booked, and the days the owner closed (spec: customer-site 5). */
    lastDay: addDays(now.date, schedule.horizonDays),
    closed: [...new Set(schedule.closedDates)].filter((d) => d >= range.from && d <= range.to).sort(),
    serviceZipCodes: [...settings.serviceArea.zipCodes],
    capacityPerWindow: schedule.capacityPerWindow,
    full: full.map((f) => `${f.date}|${f.time}`),
    /** Today's windows that have started, or passed their same-day cut-off, and can no longer be booked. */
    started,
    /** Windows that can be booked but no longer cancelled for free. */
    noFreeCancellation,
    serviceWeekdays: [...schedule.serviceWeekdays].sort((a, b) => a - b),
    /** The pick-up windows offered, in the day's order (decision 055). */
    windows: windows.map(({ value, label, startHour }) => ({ value, label, startHour })),
    prices: priceListOf(settings.prices),
  };
}
