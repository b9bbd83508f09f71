// The back office's page of one customer, reached from any of their bookings: every order under
// the same email (customer-identity.ts: the same customer however the address was written), their
// money across them (src/shared/pricing-customers.ts), how they rated each (decision 063), and staff
// notes, newest first.
import { desc, eq, inArray } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { moneyState } from '../../shared/money-state';
import { formatPhone } from '../../shared/phone';
import { customerAccount } from '../../shared/pricing-customers';
import { seriesLabel, seriesStatusLabels } from '../../shared/series';
import { formatLongDate } from '../../shared/dates';
import { ratingLabel } from '../../shared/ratings';
import type { CustomerPage } from '../../shared/schemas/customer-page';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db } from '../db/client';
import { bookingRatings, bookings, customerNotes, pickupSeries } from '../db/schema';
import { domainError } from '../error-catalogue';

/** A household books weekly: years of orders fit on the page; beyond that, the newest. */
const ordersShown = 200;

async function emailKeyOf(db: Db, bookingId: string): Promise<string> {
  const [booking] = await db.select({ emailKey: bookings.emailKey }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking?.emailKey) throw domainError('booking_not_found');
  return booking.emailKey;
}

export async function getCustomerPage(db: Db, bookingId: string): Promise<CustomerPage> {
  const emailKey = await emailKeyOf(db, bookingId);
  const orders = await db.select().from(bookings).where(eq(bookings.emailKey, emailKey)).orderBy(desc(bookings.pickupDate), desc(bookings.createdAt)).limit(ordersShown);
  const notes = await db.select().from(customerNotes).where(eq(customerNotes.emailKey, emailKey)).orderBy(desc(customerNotes.createdAt)).limit(100);
  const series = await db.select().from(pickupSeries).where(eq(pickupSeries.emailKey, emailKey)).orderBy(desc(pickupSeries.createdAt));
  // decision 063: each order's rating, in one query for the page
  const ratings = new Map(
    (orders.length ? await db.select().from(bookingRatings).where(inArray(bookingRatings.bookingId, orders.map((o) => o.id))) : []).map((r) => [r.bookingId, { label: ratingLabel(r.stars), comment: r.comment }]),
  );
  const latest = orders.reduce((a, b) => (b.createdAt > a.createdAt ? b : a), orders[0]!);
  return {
    name: latest.name,
    email: latest.email,
    phone: formatPhone(latest.phone),
    address: `${latest.address}, ${latest.city} ${latest.zipCode}`,
    orders: orders.map((o) => ({
      id: o.id,
      confirmation: confirmationNumber(o.id),
      pickupDate: o.pickupDate,
      pickupTime: o.pickupTime,
      bookingStatus: o.bookingStatus,
      moneyLabel: moneyState(o).label,
      totalCents: o.finalTotalAmount ?? o.totalAmount,
      rating: ratings.get(o.id) ?? null,
    })),
    ...customerAccount(orders),
    notes: notes.map(noteView),
    series: series.map((s) => ({ id: s.id, label: seriesLabel(s), statusLabel: seriesStatusLabels[s.status], nextLabel: s.status === 'active' ? formatLongDate(s.nextDate) : null, lastIssue: s.lastIssue })),
  };
}

/** A staff note on the customer of this booking; audited. */
export async function addCustomerNote(db: Db, bookingId: string, body: string, actor: Actor) {
  const emailKey = await emailKeyOf(db, bookingId);
  return db.transaction(async (tx) => {
    const [note] = await tx.insert(customerNotes).values({ emailKey, body, authorEmail: actor.email }).returning();
    await recordAudit(tx, actor, { action: 'customer.note_added', targetType: 'booking', targetId: bookingId, after: { body } });
    return { note: noteView(note!) };
  });
}

function noteView(n: typeof customerNotes.$inferSelect) {
  return { id: n.id, createdAt: n.createdAt.toISOString(), body: n.body, authorEmail: n.authorEmail };
}
