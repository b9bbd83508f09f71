// decision 063, ratings as staff and pros read them: staff see a booking's rating on its staff view
// and in All Bookings (one query for the page, none per row), each pro's average and count on the
// Laundry Pros cards, and a signed-in pro their own average and count in the portal, never another
// pro's figure, a comment or who gave it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInInvitedPro, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { StaffBooking } from '../../shared/schemas/back-office';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import type { ProPortal } from '../../shared/schemas/pro-portal';
import { ratingUrl } from '../booking-records/rating-link';
import { bookingFormInput, insertBookings, bookingValues } from '../bookings/booking.factory';
import { toStaffBookings } from '../bookings/staff-booking';
import type { Db } from '../db/client';
import { bookingRatings, bookings } from '../db/schema';
import { inArray } from 'drizzle-orm';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('ratings as staff and pros see them (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  let ana: LaundryPro;
  let ben: LaundryPro;
  let cleo: LaundryPro;
  let anaPortal: StaffCall;
  let benPortal: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
    const pro = async (name: string, email: string) => (await staff('POST', '/api/admin/pros', { name, email })).json.pro as LaundryPro;
    ana = await pro('Ana Rating', 'ana.rating@example.com');
    ben = await pro('Ben Rating', 'ben.rating@example.com');
    cleo = await pro('Cleo Unrated', 'cleo.rating@example.com');
    anaPortal = (await signInInvitedPro(t, ORIGIN, staff, ana)).call;
    benPortal = (await signInInvitedPro(t, ORIGIN, staff, ben)).call;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A booking the customer paid for, done by this pro and delivered, its rating email not yet sent. */
  async function deliveredBooking(proId: string, name: string) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ name }) } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    expect((await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: proId })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 12 })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'delivered' })).status).toBe(200);
    return id;
  }

  /** The customer rates from the delivery email's link (staff sent it first). */
  async function rate(id: string, stars: number, comment?: string) {
    expect((await staff('POST', `/api/admin/bookings/${id}/delivery-confirmation`)).status).toBe(200);
    const token = new URL(ratingUrl(ORIGIN, t.config.sessionSecret, id, now())).searchParams.get('token')!;
    const res = await t.request(`/api/bookings/${id}/rating`, { method: 'POST', json: { token, stars, ...(comment === undefined ? {} : { comment }) } });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  const staffView = async (id: string) => (await staff('GET', `/api/admin/bookings/${id}`)).json.booking as StaffBooking;
  const card = async (id: string) => ((await staff('GET', '/api/admin/pros')).json.pros as LaundryPro[]).find((p) => p.id === id)!;
  const portal = async (call: StaffCall) => {
    const res = await call('GET', '/api/pro/portal');
    expect(res.status).toBe(200);
    return res.json as ProPortal;
  };

  // Ana: 5 and 4 stars (4.5 from 2); Ben: 2 stars (2.0 from 1); Cleo: none
  let anaFive: string;
  let anaFour: string;
  let benTwo: string;
  let unrated: string;
  const longComment = `Lovely folding, and the driver texted before arriving. ${'Everything smelled fresh. '.repeat(30)}`.trim();

  it('the staff view of a booking carries its rating, its comment, and null before it is rated', async () => {
    anaFive = await deliveredBooking(ana.id, 'Rita Five');
    anaFour = await deliveredBooking(ana.id, 'Ravi Four');
    benTwo = await deliveredBooking(ben.id, 'Rosa Two');
    unrated = await deliveredBooking(ana.id, 'Nora Unrated');

    expect((await staffView(anaFive)).rating).toBeNull();
    await rate(anaFive, 5, longComment);
    await rate(anaFour, 4);
    await rate(benTwo, 2, 'Two shirts came back damp.');
    // the rating email went, the customer did not rate yet
    expect((await staff('POST', `/api/admin/bookings/${unrated}/delivery-confirmation`)).status).toBe(200);

    expect((await staffView(anaFive)).rating).toEqual({ stars: 5, comment: longComment, ratedAt: now().toISOString(), label: '5 out of 5 (Excellent)' });
    expect((await staffView(anaFour)).rating).toEqual({ stars: 4, comment: null, ratedAt: now().toISOString(), label: '4 out of 5 (Very good)' });
    const waiting = await staffView(unrated);
    expect(waiting).toMatchObject({ deliveryConfirmationSent: true, rating: null });
  });

  it('All Bookings’ rows carry each rating, and the page reads them with the same statements for one row or many', async () => {
    const list = await staff('GET', '/api/admin/bookings?pageSize=50');
    expect(list.status).toBe(200);
    const rows = new Map((list.json.bookings as StaffBooking[]).map((b) => [b.id, b]));
    expect(rows.get(anaFive)!.rating).toMatchObject({ stars: 5, comment: longComment });
    expect(rows.get(anaFour)!.rating).toMatchObject({ stars: 4, comment: null });
    expect(rows.get(benTwo)!.rating).toMatchObject({ stars: 2, comment: 'Two shirts came back damp.' });
    expect(rows.get(unrated)!.rating).toBeNull();
    // a search finds the same
    const searched = await staff('GET', `/api/admin/bookings?q=${encodeURIComponent('Rosa Two')}`);
    expect((searched.json.bookings as StaffBooking[]).map((b) => b.rating?.stars)).toEqual([2]);

    // twelve more rated bookings, written directly: the page's statements do not grow with its rows
    const db = t.database.db;
    const many = await insertBookings(
      db,
      Array.from({ length: 12 }, (_, i) => bookingValues({ name: `Many Rated ${i}`, bookingStatus: 'delivered', paymentStatus: 'paid', deliveryConfirmationSent: true })),
    );
    const ids = many.map((b) => b.id);
    await db.insert(bookingRatings).values(ids.map((bookingId, i) => ({ bookingId, stars: (i % 5) + 1, comment: i % 2 ? `Comment ${i}` : null, laundryProId: null, ratedAt: now() })));
    const rowsOf = await db.select().from(bookings).where(inArray(bookings.id, ids));
    const one = counting(db);
    const oneView = await toStaffBookings(one.db, rowsOf.slice(0, 1));
    const all = counting(db);
    const allViews = await toStaffBookings(all.db, rowsOf);
    expect(all.statements()).toBe(one.statements());
    expect(oneView).toHaveLength(1);
    expect(allViews.map((b) => b.rating?.stars).sort()).toEqual(ids.map((_, i) => (i % 5) + 1).sort());
    expect(allViews.every((b) => b.rating !== null)).toBe(true);
  });

  it('each Laundry Pros card has the pro’s average and count, summed by the database; a pro nobody rated has none', async () => {
    expect((await card(ana.id)).rating).toEqual({ count: 2, average: '4.5' });
    expect((await card(ben.id)).rating).toEqual({ count: 1, average: '2.0' });
    expect((await card(cleo.id)).rating).toEqual({ count: 0, average: null });
    // one card, as the card's own endpoints answer it (an edit)
    const edited = await staff('PUT', `/api/admin/pros/${cleo.id}`, { name: 'Cleo Unrated', email: 'cleo.rating@example.com', notes: 'Evenings' });
    expect(edited.status).toBe(200);
    expect(edited.json.pro.rating).toEqual({ count: 0, average: null });
  });

  it('a rating stays with the pro who had the order when it was given', async () => {
    const moved = await staff('POST', `/api/admin/bookings/${anaFour}/laundry-pro`, { laundryProId: ben.id, confirmWeighed: true });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect((await card(ana.id)).rating).toEqual({ count: 2, average: '4.5' });
    expect((await card(ben.id)).rating).toEqual({ count: 1, average: '2.0' });
    // and back, as it was
    expect((await staff('POST', `/api/admin/bookings/${anaFour}/laundry-pro`, { laundryProId: ana.id, confirmWeighed: true })).status).toBe(200);
  });

  it('the pro portal shows the signed-in pro their own average and count only: no other pro’s, no comment, no customer', async () => {
    const anas = await portal(anaPortal);
    expect(anas.rating).toEqual({ count: 2, average: '4.5' });
    const bens = await portal(benPortal);
    expect(bens.rating).toEqual({ count: 1, average: '2.0' });
    const text = JSON.stringify(anas);
    for (const secret of [longComment.slice(0, 40), 'Two shirts came back damp.', 'Rita Five', 'Ravi Four', 'Rosa Two']) expect(text).not.toContain(secret);
    expect(JSON.stringify(bens)).not.toContain('Two shirts came back damp.');
    // a new rating of Ben's moves Ben's figure, not Ana's
    const benFive = await deliveredBooking(ben.id, 'Rex Five');
    await rate(benFive, 5, 'Quick and careful.');
    expect((await portal(benPortal)).rating).toEqual({ count: 2, average: '3.5' });
    expect((await portal(anaPortal)).rating).toEqual({ count: 2, average: '4.5' });
  });
});

/** The database, counting every statement begun on it (select, insert, execute, …), for a check that a page's statements do not grow with its rows. */
function counting(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || prop === 'transaction') return value;
      return (...args: unknown[]) => {
        n += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, statements: () => n };
}
