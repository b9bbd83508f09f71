// Dates and places (spec: customer-site 1 and 5): a pick-up is booked only inside the booking
// horizon, on a pick-up weekday, not on a day the owner closed, and only in the service area. The
// quote and the booking both refuse with a 400 naming the field, and nothing is written.
import { count, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { ConfigError, loadConfig } from '../config';
import { bookings, pickupSlots } from '../db/schema';
import { bookingFormInput } from './booking.factory';
import type { BookingCheckout } from '../payments/checkout';

// Tuesday 2026-11-24, 10:00 in South Carolina: today + 90 days is Monday 2027-02-22
const now = () => new Date('2026-11-24T15:00:00Z');
const LAST_DAY = '2027-02-22';
const CLOSED_MONDAY = '2026-12-28';
const checkout: BookingCheckout = { start: async (r) => ({ url: `https://checkout.test/${r.bookingId}` }) };

type Json = Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } };

describe.each(testDatabaseKinds)('pick-up dates and places (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { CLOSED_DATES: `2026-12-25, ${CLOSED_MONDAY},2027-06-07` }, { checkout, now });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(path: string, overrides: Partial<BookingFormInput>, promoCode: string | null = null) {
    const res = await t.request(path, { method: 'POST', json: { bookingData: bookingFormInput(overrides), promoCode, giftCardCode: null } });
    return { status: res.status, json: (await res.json()) as Json };
  }
  async function written() {
    const [b] = await t.database.db.select({ n: count() }).from(bookings);
    const [s] = await t.database.db.select({ n: count(), booked: sum(pickupSlots.booked) }).from(pickupSlots);
    return { bookings: b!.n, slots: s!.n, booked: s!.booked };
  }

  it.each<[string, Partial<BookingFormInput>, 'pickupDate' | 'zipCode', RegExp | string]>([
    ['9999-12-31', { pickupDate: '9999-12-31' }, 'pickupDate', /up to 90 days ahead: please choose a day until Monday, February 22, 2027/],
    ['a year ahead', { pickupDate: '2027-11-24' }, 'pickupDate', /up to 90 days ahead/],
    ['the day after the horizon', { pickupDate: '2027-02-24' }, 'pickupDate', /up to 90 days ahead/],
    ['a Tuesday', { pickupDate: '2026-12-01' }, 'pickupDate', /Monday, Wednesday & Friday only/],
    ['a closed Monday', { pickupDate: CLOSED_MONDAY }, 'pickupDate', "We're closed on Monday, December 28, 2026. Please choose another day."],
    ['ZIP 90210', { pickupDate: '2026-11-25', zipCode: '90210' }, 'zipCode', "Sorry, we don't pick up in 90210 yet"],
    ['ZIP 90210-1234', { pickupDate: '2026-11-25', zipCode: '90210-1234' }, 'zipCode', "Sorry, we don't pick up in 90210 yet"],
  ])('refuses %s with a 400 and the message, for the quote and the booking, and writes nothing', async (_label, overrides, field, message) => {
    const before = await written();
    for (const path of ['/api/bookings/quote', '/api/bookings']) {
      for (const promo of [null, 'FREE']) {
        const { status, json } = await post(path, overrides, promo);
        expect(status, `${path} ${JSON.stringify(json)}`).toBe(400);
        const fields = json.error!.fields!;
        const key = Object.keys(fields).find((k) => k === field || k === `bookingData.${field}`);
        expect(key, JSON.stringify(fields)).toBeDefined();
        expect(fields[key!]).toMatch(message);
        expect(json.error!.message).toMatch(message);
      }
    }
    expect(await written()).toEqual(before);
  });

  it.each<[string, Partial<BookingFormInput>]>([
    ['the last day of the horizon', { pickupDate: LAST_DAY }],
    ['Wednesday in Gilbert', { pickupDate: '2026-11-25', zipCode: '29054' }],
    ['a ZIP+4 in Lexington', { pickupDate: '2026-11-27', zipCode: '29072-1234' }],
    ['Pelion', { pickupDate: '2026-11-30', zipCode: '29123' }],
  ])('books %s', async (_label, overrides) => {
    expect((await post('/api/bookings/quote', overrides)).status).toBe(200);
    const { status, json } = await post('/api/bookings', overrides, 'FREE');
    expect(status, JSON.stringify(json)).toBe(201);
  });

  it('tells the calendar the closed days in range, the last bookable day and the service ZIP codes', async () => {
    const res = await t.request('/api/availability');
    expect(res.status).toBe(200);
    const json = (await res.json()) as Json;
    expect(json).toMatchObject({ today: '2026-11-24', lastDay: LAST_DAY, closed: ['2026-12-25', CLOSED_MONDAY], serviceZipCodes: ['29054', '29070', '29072', '29073', '29123'] });
    const later = (await (await t.request('/api/availability?from=2027-01-01&to=2027-12-31')).json()) as Json;
    expect(later.closed).toEqual(['2027-06-07']);
  });
});

describe('the configured rules', () => {
  it('follow BOOKING_HORIZON_DAYS, CLOSED_DATES and SERVICE_ZIP_CODES', async () => {
    const t = await createTestApp('pglite', { BOOKING_HORIZON_DAYS: '14', SERVICE_ZIP_CODES: '90210' }, { checkout, now });
    try {
      const post = (overrides: Partial<BookingFormInput>) =>
        t.request('/api/bookings/quote', { method: 'POST', json: { bookingData: bookingFormInput(overrides), promoCode: null, giftCardCode: null } });
      expect((await post({ pickupDate: '2026-12-07', zipCode: '90210' })).status).toBe(200);
      expect((await post({ pickupDate: '2026-12-09', zipCode: '90210' })).status).toBe(400);
      const lexington = await post({ pickupDate: '2026-12-07', zipCode: '29072' });
      expect(lexington.status).toBe(400);
      expect(((await lexington.json()) as Json).error!.message).toBe("Sorry, we don't pick up in 29072 yet");
      const availability = (await (await t.request('/api/availability')).json()) as Json;
      expect(availability).toMatchObject({ lastDay: '2026-12-08', closed: [], serviceZipCodes: ['90210'] });
    } finally {
      await t.close();
    }
  });

  it('take the service area from Settings once saved: SERVICE_ZIP_CODES was only the first start’s (decision 055)', async () => {
    const t = await createTestApp('pglite', { SERVICE_ZIP_CODES: '90210' }, { checkout, now });
    try {
      const staff = await signInOwner(t, t.config.publicUrl);
      const read = await staff('GET', '/api/admin/settings');
      expect(read.json.settings.serviceArea.zipCodes).toEqual(['90210']);
      const saved = await staff('PUT', '/api/admin/settings', { section: 'serviceArea', version: read.json.version as number, values: { towns: ['Lexington'], zipCodes: ['29072', '29073'] } });
      expect(saved.status).toBe(200);
      const post = (zipCode: string) =>
        t.request('/api/bookings/quote', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate: '2026-12-07', zipCode }), promoCode: null, giftCardCode: null } });
      expect((await post('29072')).status).toBe(200);
      const beverlyHills = await post('90210');
      expect(beverlyHills.status).toBe(400);
      expect(((await beverlyHills.json()) as Json).error!.message).toBe("Sorry, we don't pick up in 90210 yet");
      expect(((await (await t.request('/api/availability')).json()) as Json).serviceZipCodes).toEqual(['29072', '29073']);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['BOOKING_HORIZON_DAYS', '0'],
    ['BOOKING_HORIZON_DAYS', '366'],
    ['BOOKING_HORIZON_DAYS', 'soon'],
    ['CLOSED_DATES', '2026-12-25,2026-02-30'],
    ['CLOSED_DATES', '12/25/2026'],
    ['SERVICE_ZIP_CODES', '2907'],
    ['SERVICE_ZIP_CODES', '29072,abcde'],
    ['SERVICE_ZIP_CODES', ' , '],
  ])('refuses %s=%j at start-up', (name, value) => {
    expect(() => loadConfig({ NODE_ENV: 'test', [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', [name]: value })).toThrow(name);
  });
});
