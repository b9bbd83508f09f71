// Rating an order (decision 063): the delivery email's signed link opens the rating page; the page
// sends 1 to 5 stars and an optional comment, once per order; a low rating emails the business
// once. Only the link names the order: another booking's link, an expired or altered one, a
// booking whose delivery email never went out or whose customer erased their data open nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { business } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import { ratingCommentMaxChars, ratingMessages } from '../../shared/ratings';
import { bookingFormInput } from '../bookings/booking.factory';
import { ratingUrl } from '../booking-records/rating-link';
import { bookingRatings, bookings, outbox } from '../db/schema';

const ORIGIN = 'http://shop.test';
let clock = new Date('2026-11-23T14:00:00Z');
const now = () => clock;
const badLink = 'This rating link is not valid or has expired. Please use the link in your delivery email, or call us.';

describe.each(testDatabaseKinds)('rating an order (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    // the production limit of the rating link's opens (30 a minute), tested below
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN, ORDER_LINKS_PER_IP_PER_HOUR: '10' }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  // each test from its own address: the routes are rate-limited per address (docs/design.md 9)
  let ip = 0;
  beforeEach(() => {
    ip += 1;
    clock = new Date('2026-11-23T14:00:00Z');
  });
  const headers = () => ({ 'x-forwarded-for': `198.51.100.${ip}` });
  const read = (id: string, token: string) => t.request(`/api/bookings/${id}/rating?token=${encodeURIComponent(token)}`, { headers: headers() });
  const rate = (id: string, body: unknown) => t.request(`/api/bookings/${id}/rating`, { method: 'POST', json: body, headers: headers() });
  const lowRatingMails = (id: string) => t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'low_rating')));
  const stored = async (id: string) => t.database.db.select().from(bookingRatings).where(eq(bookingRatings.bookingId, id));

  async function booked() {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ name: 'Rita Rater', pickupDate: '2026-11-25' }) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    return booking_id;
  }
  const tokenOf = (id: string) => new URL(ratingUrl(ORIGIN, t.config.sessionSecret, id, now())).searchParams.get('token')!;

  /** Weighed, given to a pro, delivered and sent its delivery email: the link's only way out. */
  async function delivered(opts: { pro?: boolean } = {}) {
    const id = await booked();
    let proId: string | null = null;
    if (opts.pro !== false) {
      const pro = await staff('POST', '/api/admin/pros', { name: `Pat Pro ${ip}`, email: `pat${ip}-${Date.now()}@example.com` });
      expect(pro.status).toBe(201);
      proId = pro.json.pro.id as string;
      expect((await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: proId })).status).toBe(200);
    }
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 12 })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'delivered' })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${id}/delivery-confirmation`)).status).toBe(200);
    return { id, token: tokenOf(id), proId };
  }

  it('the delivery email carries the rating page link with each star', async () => {
    const { id } = await delivered({ pro: false });
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'delivery_confirmation')));
    const text = (mail!.payload as { text: string }).text;
    for (const stars of [1, 2, 3, 4, 5]) expect(text).toMatch(new RegExp(`${ORIGIN}/rate\\?booking_id=${id}&token=\\d+\\.[A-Za-z0-9_-]{43}&stars=${stars}`));
    // the link in the email opens the page
    const token = /token=([^&\s]+)&stars=5/.exec(text)![1]!;
    expect((await read(id, token)).status).toBe(200);
  });

  it('reads the order, records a rating once with the pro who had it, and reads it back', async () => {
    const { id, token, proId } = await delivered();
    const before = await read(id, token);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ confirmation: expect.stringMatching(/^WD-/), pickupDate: '2026-11-25', rating: null });

    const res = await rate(id, { token, stars: 5, comment: '  Folded beautifully.  ' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.rating).toEqual({ stars: 5, comment: 'Folded beautifully.', ratedAt: now().toISOString() });
    expect(await stored(id)).toEqual([expect.objectContaining({ stars: 5, comment: 'Folded beautifully.', laundryProId: proId })]);
    expect((await (await read(id, token)).json()).rating).toEqual(body.rating);
    // a good rating tells nobody
    expect(await lowRatingMails(id)).toHaveLength(0);
  });

  it('answers the same rating sent again as the first time, and refuses a different one after it', async () => {
    const { id, token } = await delivered();
    const first = await rate(id, { token, stars: 4 });
    expect(first.status).toBe(200);
    const again = await rate(id, { token, stars: 4 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    const changed = await rate(id, { token, stars: 1, comment: 'Actually, no.' });
    expect(changed.status).toBe(409);
    expect((await changed.json()).error.message).toBe('This order has already been rated. Thank you! To add anything, please call or email us.');
    expect(await stored(id)).toEqual([expect.objectContaining({ stars: 4, comment: null })]);
    expect(await lowRatingMails(id)).toHaveLength(0);
  });

  it.each([
    { stars: 1, words: 'Poor' },
    { stars: 2, words: 'Fair' },
  ])('a rating of $stars emails the business once, with the comment, the pro and reply-to the customer', async ({ stars, words }) => {
    const { id, token } = await delivered();
    expect((await rate(id, { token, stars, comment: 'Two shirts came back damp.' })).status).toBe(200);
    expect((await rate(id, { token, stars, comment: 'Two shirts came back damp.' })).status).toBe(200);
    const mails = await lowRatingMails(id);
    expect(mails).toHaveLength(1);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(mails[0]!.recipient).toBe(business.email);
    const payload = mails[0]!.payload as { text: string; replyTo?: string };
    expect(mails[0]!.subject).toBe(`Low rating: ${stars} out of 5 (${words}) for ${confirmationNumber(id)} (Rita Rater)`);
    expect(payload.text).toContain('Two shirts came back damp.');
    expect(payload.text).toContain(`Pat Pro ${ip}`);
    expect(payload.replyTo).toBe(booking!.email);
  });

  it('a rating of 3 tells nobody', async () => {
    const { id, token } = await delivered();
    expect((await rate(id, { token, stars: 3 })).status).toBe(200);
    expect(await lowRatingMails(id)).toHaveLength(0);
  });

  it.each([
    { name: 'no stars', body: {}, field: 'stars', message: ratingMessages.stars },
    { name: '0 stars', body: { stars: 0 }, field: 'stars', message: ratingMessages.stars },
    { name: '6 stars', body: { stars: 6 }, field: 'stars', message: ratingMessages.stars },
    { name: '4.5 stars', body: { stars: 4.5 }, field: 'stars', message: ratingMessages.stars },
    { name: 'stars as text', body: { stars: '5' }, field: 'stars', message: ratingMessages.stars },
    { name: 'a comment too long', body: { stars: 5, comment: 'x'.repeat(ratingCommentMaxChars + 1) }, field: 'comment', message: ratingMessages.commentTooLong },
    { name: 'a comment that is not text', body: { stars: 5, comment: { html: '<b>' } }, field: 'comment', message: ratingMessages.commentInvalid },
  ])('refuses $name with its sentence, and records nothing', async ({ body, field, message }) => {
    const { id, token } = await delivered({ pro: false });
    const res = await rate(id, { token, ...body });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.message).toBe(message);
    expect(error.fields).toEqual({ [field]: message });
    expect(await stored(id)).toHaveLength(0);
  });

  it('keeps a comment of exactly the longest length, and an empty one as none', async () => {
    const a = await delivered({ pro: false });
    expect((await rate(a.id, { token: a.token, stars: 5, comment: 'y'.repeat(ratingCommentMaxChars) })).status).toBe(200);
    const b = await delivered({ pro: false });
    expect((await (await rate(b.id, { token: b.token, stars: 5, comment: '   ' })).json()).rating.comment).toBeNull();
  });

  it('opens nothing without the right link', async () => {
    const { id, token } = await delivered({ pro: false });
    const other = await delivered({ pro: false });
    const expired = (() => {
      const at = clock;
      clock = new Date(at.getTime() - 61 * 86_400_000);
      try {
        return tokenOf(id);
      } finally {
        clock = at;
      }
    })();
    const cases: [string, string][] = [
      [id, ''],
      [id, 'nonsense'],
      [id, other.token], // another order's link
      [id, token.replace(/^\d+/, (s) => String(Number(s) + 86_400))], // a later expiry under the old signature
      [id, expired],
      ['not-a-uuid', token],
      ['00000000-0000-4000-8000-000000000000', token],
    ];
    for (const [bookingId, tok] of cases) {
      const r = await read(bookingId, tok);
      expect([r.status, bookingId, tok]).toEqual([r.status === 400 ? 400 : 403, bookingId, tok]);
      const w = await rate(bookingId, { token: tok, stars: 1 });
      expect(w.status === 400 || w.status === 403).toBe(true);
      if (w.status === 403) expect((await w.json()).error.message).toBe(badLink);
    }
    expect(await stored(id)).toHaveLength(0);
    expect(await lowRatingMails(id)).toHaveLength(0);
  });

  it('a link for an order whose delivery email never went out opens nothing', async () => {
    const id = await booked();
    const res = await rate(id, { token: tokenOf(id), stars: 5 });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(badLink);
  });

  it('a link of a customer who erased their data opens nothing (their comment goes with them: erase.test.ts)', async () => {
    const { id, token } = await delivered({ pro: false });
    expect((await rate(id, { token, stars: 5, comment: 'Ask for Sam next time, 12 Pine Ridge' })).status).toBe(200);
    await t.database.db.update(bookings).set({ emailKey: 'erased:0123456789' }).where(eq(bookings.id, id));
    expect((await read(id, token)).status).toBe(403);
  });

  it('is rate-limited per address', async () => {
    const { id, token } = await delivered({ pro: false });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await read(id, token)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
