// "Download my data" (decision 021): what the business keeps about the signed-in customer, as
// JSON: their bookings (contact, address, preferences, amounts in cents, dates, statuses), the SMS
// consents given with them, the ratings they gave them, and the messages they sent through the contact form. Nothing of
// anyone else, and none of the secrets behind their links or card.
import { desc, inArray } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { customerEmailKey } from '../../shared/customer-identity';
import type { Db } from '../db/client';
import { bookingRatings, bookings, contactMessages, smsConsents } from '../db/schema';
import { readSettings } from '../settings/settings.service';
import { addressesOf, emailIn } from './order-rules';
import { customerBookings, type CustomerKey } from './sign-in.service';

function ratingOf(r: typeof bookingRatings.$inferSelect | undefined) {
  return r ? { stars: r.stars, comment: r.comment, ratedAt: r.ratedAt.toISOString() } : null;
}

export async function exportCustomerData(db: Db, key: CustomerKey, now: Date) {
  const rows = await db.select().from(bookings).where(customerBookings(key)).orderBy(desc(bookings.createdAt));
  const ids = rows.map((b) => b.id);
  const consents = ids.length ? await db.select().from(smsConsents).where(inArray(smsConsents.bookingId, ids)) : [];
  // decision 063: the rating they gave each order, in their words
  const ratings = new Map((ids.length ? await db.select().from(bookingRatings).where(inArray(bookingRatings.bookingId, ids)) : []).map((r) => [r.bookingId, r]));
  // their messages by the addresses that are theirs, never by one an unpaid booking named (decision 037)
  const { emails } = addressesOf(rows, key);
  const messages = emails.length
    ? (await db.select().from(contactMessages).where(emailIn(contactMessages.email, emails))).filter((m) => key.emailKey === null || customerEmailKey(m.email) === key.emailKey)
    : [];
  return {
    exportedAt: now.toISOString(),
    business: (await readSettings(db)).settings.business.name,
    note: 'Amounts are in US cents. Card details are never stored by us: the card processor keeps them.',
    bookings: rows.map((b) => ({
      confirmation: confirmationNumber(b.id),
      createdAt: b.createdAt.toISOString(),
      name: b.name,
      email: b.email,
      phone: b.phone,
      address: b.address,
      city: b.city,
      zipCode: b.zipCode,
      pickupDate: b.pickupDate,
      pickupTime: b.pickupTime,
      pickupLocation: b.pickupLocation,
      bags: b.bagQuantity,
      preferences: { waterTemperature: b.waterTemperature, detergentType: b.detergentType, allergies: b.allergies, specialCareInstructions: b.specialCareInstructions, specialInstructions: b.specialInstructions },
      status: b.bookingStatus,
      payment: b.paymentStatus,
      amounts: { estimateCents: b.originalTotalAmount ?? b.totalAmount, finalTotalCents: b.finalTotalAmount, authorizedCents: b.authorizedAmount, capturedCents: b.capturedAmount, refundedCents: b.refundedAmount, tipCents: b.tipAmount, dueCents: b.amountDueCents },
      weightTenthsOfPound: b.actualWeightTenths,
      promoCode: b.promoCode,
      smsConsent: b.smsConsent,
      cancelledAt: b.cancelledAt?.toISOString() ?? null,
      rating: ratingOf(ratings.get(b.id)),
    })),
    smsConsents: consents.map((c) => ({ createdAt: c.createdAt.toISOString(), phone: c.phone, text: c.consentText })),
    contactMessages: messages.map((m) => ({ createdAt: m.createdAt.toISOString(), name: m.name, email: m.email, phone: m.phone, subject: m.subject, message: m.message })),
  };
}
