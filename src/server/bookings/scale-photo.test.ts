// docs/design.md 5.5 transparent weighing; docs/design.md 9, files: staff weigh bag by bag and photograph
// the scale; the customer's invoice shows both. The bytes decide the type, the size is bounded,
// and the photo goes only to staff and to the holder of the invoice link.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { invoiceUrl } from '../booking-records/invoice-link';
import { bookingFormInput } from './booking.factory';
import { bookings } from '../db/schema';
import { MAX_SCALE_PHOTO_BYTES, sniffImageType } from './scale-photo.service';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');

// the smallest real images of each type
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('the type of an upload comes from its bytes', () => {
  it.each([
    ['a PNG', png, 'image/png'],
    ['a JPEG', jpeg, 'image/jpeg'],
    ['a WebP', webp, 'image/webp'],
    ['a GIF', gif, null],
    ['an SVG (script can hide in it)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), null],
    ['an HTML page named .jpg', Buffer.from('<!doctype html><script>alert(1)</script>'), null],
    ['a RIFF that is not WebP (a WAV)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s → %s', (_name, bytes, type) => {
    expect(sniffImageType(bytes)?.type ?? null).toBe(type);
  });
});

describe.each(testDatabaseKinds)('bag weights and the photo of the scale (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const photoPath = (id: string) => `/api/admin/bookings/${id}/scale-photo`;
  async function paid(overrides: Partial<BookingFormInput> = {}) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ bagQuantity: 2, ...overrides }) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    return booking_id;
  }
  const invoiceLink = async (id: string) => new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, await row(id), now())!);

  it('two bags weighed one by one and a photo: the invoice lists the bags and serves the photo to the link alone', async () => {
    const id = await paid();
    const uploaded = await staff.upload(photoPath(id), png, 'image/png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.json.booking.scalePhotoUploadedAt).toBe(now().toISOString());
    const weigh = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 14.2, bagWeights: [8.1, 6.1] });
    expect(weigh.status).toBe(200);
    expect(weigh.json.booking.bagWeightsTenths).toEqual([81, 61]);

    const link = await invoiceLink(id);
    const token = link.searchParams.get('token')!;
    const invoice = await t.request(`/api/bookings/${id}/invoice?token=${token}`);
    const body = (await invoice.json()) as { bagWeightsTenths: number[]; scalePhotoUploadedAt: string; weightTenths: number };
    expect(body).toMatchObject({ weightTenths: 142, bagWeightsTenths: [81, 61], scalePhotoUploadedAt: now().toISOString() });

    const photo = await t.request(`/api/bookings/${id}/invoice/scale-photo?token=${token}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await photo.arrayBuffer()).equals(png)).toBe(true);
    // staff see it too
    const forStaff = await staff.fetch(photoPath(id));
    expect(forStaff.status).toBe(200);
    expect(Buffer.from(await forStaff.arrayBuffer()).equals(png)).toBe(true);

    // a forged token, another booking's token, none, or nobody signed in: nothing
    const other = await paid();
    await staff('POST', `/api/admin/bookings/${other}/weight`, { actualWeight: 10 });
    const otherToken = (await invoiceLink(other)).searchParams.get('token')!;
    for (const query of [`token=${token.slice(0, -2)}xx`, `token=${otherToken}`, '', 'token=']) {
      const res = await t.request(`/api/bookings/${id}/invoice/scale-photo?${query}`);
      expect(res.status, query).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Invoice not found or invalid link.');
    }
    const anonymous = await t.request(photoPath(id));
    expect(anonymous.status).toBe(401);
    // the booking without a photo: its link opens the bill, but there is no photo to show
    const none = await t.request(`/api/bookings/${other}/invoice/scale-photo?token=${otherToken}`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe('There is no photo of the scale for this booking.');
  });

  it('bag weights that do not add up, or more bags than booked: the reason, and nothing charged', async () => {
    const id = await paid();
    const cases: [number[], string][] = [
      [[8, 6], 'The bags add up to 14.0 lb, not the 14.2 lb entered.'],
      [[5, 5, 4.2], 'This booking has 2 bags: enter at most 2 bag weights.'],
    ];
    for (const [bagWeights, message] of cases) {
      const res = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 14.2, bagWeights });
      expect(res.status).toBe(400);
      expect(res.json.error.fields.bagWeights).toBe(message);
    }
    for (const [bagWeights, message] of [
      [[0, 14.2], "Each bag's weight must be more than 0 lb"],
      [[7.15, 7.05], "Enter each bag's weight to 0.1 lb"],
      [[], 'Enter at least one bag'],
    ] as const) {
      const res = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 14.2, bagWeights });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json.error.fields)).toContain(message);
    }
    expect(await row(id)).toMatchObject({ weightAdjustmentProcessed: false, actualWeightTenths: null, bagWeightsTenths: null, capturedAmount: 0 });
  });

  it('refuses what is not a JPEG, PNG or WebP, an empty body and a photo over the limit, with the reason', async () => {
    const id = await paid();
    const refusals: [Uint8Array, string, number, string][] = [
      [gif, 'image/gif', 415, 'The photo must be a JPEG, PNG or WebP image.'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/jpeg', 415, 'The photo must be a JPEG, PNG or WebP image.'],
      [Buffer.from('{"a":1}'), 'application/json', 415, 'The photo must be a JPEG, PNG or WebP image.'],
      [new Uint8Array(0), 'image/png', 400, 'Choose a photo of the scale reading.'],
      [Buffer.concat([png, Buffer.alloc(MAX_SCALE_PHOTO_BYTES)]), 'image/png', 413, 'The photo is too large: 8 MB at most.'],
    ];
    for (const [bytes, type, status, message] of refusals) {
      const res = await staff.upload(photoPath(id), bytes, type);
      expect(res.status, message).toBe(status);
      expect(res.json.error.message).toBe(message);
    }
    expect((await row(id)).scalePhotoKey).toBeNull();
    // a JPEG is a JPEG whatever the browser called it
    expect((await staff.upload(photoPath(id), jpeg, 'application/octet-stream')).status).toBe(200);
    expect((await staff.fetch(photoPath(id))).headers.get('content-type')).toBe('image/jpeg');
    // an unknown booking
    const unknown = await staff.upload(photoPath('00000000-0000-4000-8000-000000000000'), png, 'image/png');
    expect(unknown.status).toBe(404);
  });

  it('a new photo replaces the old one (its file is removed); two at once leave one photo and one file', async () => {
    const id = await paid();
    await staff.upload(photoPath(id), png, 'image/png');
    const first = (await row(id)).scalePhotoKey!;
    await staff.upload(photoPath(id), jpeg, 'image/jpeg');
    const second = (await row(id)).scalePhotoKey!;
    expect(second).not.toBe(first);
    expect(await t.files.get(first)).toBeNull();
    expect((await t.files.get(second))?.contentType).toBe('image/jpeg');

    const both = await Promise.all([staff.upload(photoPath(id), png, 'image/png'), staff.upload(photoPath(id), webp, 'image/webp')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const kept = (await row(id)).scalePhotoKey!;
    expect(await t.files.get(second)).toBeNull();
    expect(await t.files.get(kept)).not.toBeNull();
    const keys = both.map((r) => r.json.booking.scalePhotoUploadedAt);
    expect(keys.every(Boolean)).toBe(true);
  });

  it('once the customer approved the bill, or the booking was cancelled, the photo can no longer change', async () => {
    const id = await paid();
    await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 9.5 });
    const token = (await invoiceLink(id)).searchParams.get('token')!;
    const approved = await t.request(`/api/bookings/${id}/invoice/approve`, { method: 'POST', json: { token, tipCents: 0 } });
    expect(approved.status).toBe(200);
    const late = await staff.upload(photoPath(id), png, 'image/png');
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe('The customer has approved this bill: its photo can no longer change.');

    const cancelled = await paid();
    expect((await staff('POST', `/api/admin/bookings/${cancelled}/status`, { status: 'cancelled' })).status).toBe(200);
    const refused = await staff.upload(photoPath(cancelled), png, 'image/png');
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('This booking is cancelled.');
  });
});
