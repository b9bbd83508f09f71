// A customer who calls (decision 057): staff move their pick-up to another window the schedule
// offers (a place claimed, the old one given back) or correct their details, until it is picked
// up; each audited as staff's and emailed to the customer. Refusals are the staff's words.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import type { StaffBooking } from '../../shared/schemas/back-office';
import { auditLog, bookings, outbox, pickupSlots } from '../db/schema';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina

describe('staff change a booking for a customer who calls (pglite)', () => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PICKUP_CAPACITY_PER_WINDOW: '2', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paid(email: string, pickupDate = '2026-11-25', pickupTime: '8am-12pm' | '12pm-4pm' = '8am-12pm') {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email, pickupDate, pickupTime, smsConsent: true }) } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    return id;
  }
  const places = async (date: string, time: string) => (await t.database.db.select().from(pickupSlots).where(and(eq(pickupSlots.pickupDate, date), eq(pickupSlots.pickupTime, time))))[0]?.booked ?? 0;
  const audits = (id: string, action: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));
  const mails = (id: string, kind: string) => t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, kind)));

  it('moves a pick-up: the new place claimed, the old given back, audited and emailed; a full, closed or past window refused', async () => {
    const id = await paid('mover@example.com');
    expect([await places('2026-11-25', '8am-12pm'), await places('2026-11-27', '4pm-8pm')]).toEqual([1, 0]);
    const moved = await staff('POST', `/api/admin/bookings/${id}/move`, { pickupDate: '2026-11-27', pickupTime: '4pm-8pm' });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect((moved.json.booking as StaffBooking).pickupDate).toBe('2026-11-27');
    expect([await places('2026-11-25', '8am-12pm'), await places('2026-11-27', '4pm-8pm')]).toEqual([0, 1]);
    expect(await audits(id, 'booking.moved')).toHaveLength(1);
    const [mail] = await mails(id, 'booking_rescheduled');
    expect((mail!.payload as { text: string }).text).toContain('Friday, November 27, 2026');

    // two places a window: a third is refused
    await paid('a@example.com', '2026-11-30', '12pm-4pm');
    await paid('b@example.com', '2026-11-30', '12pm-4pm');
    const cases: [unknown, number, string][] = [
      [{ pickupDate: '2026-11-30', pickupTime: '12pm-4pm' }, 409, 'That pick-up window is full. Please choose another time or day.'],
      [{ pickupDate: '2026-11-27', pickupTime: '4pm-8pm' }, 400, 'That is already its pick-up time: choose another day or window.'],
      [{ pickupDate: '2026-11-28', pickupTime: '8am-12pm' }, 400, 'Pick-ups are on Monday, Wednesday & Friday only'],
      [{ pickupDate: '2026-11-23', pickupTime: '8am-12pm' }, 400, 'That window has already started today. Please choose a later one.'],
      [{ pickupDate: 'soon', pickupTime: '8am-12pm' }, 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const res = await staff('POST', `/api/admin/bookings/${id}/move`, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      if (message) expect(res.json.error.message).toContain(message);
    }
    // picked up: no longer moved here
    await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' });
    expect((await staff('POST', `/api/admin/bookings/${id}/move`, { pickupDate: '2026-11-30', pickupTime: '8am-12pm' })).status).toBe(409);
  });

  it('corrects details: only what changed, audited and emailed; a new phone stops texts; picked up, refused', async () => {
    const id = await paid('details@example.com');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    const details = { name: row!.name, phone: '(803) 555-0199', address: '40 Sunset Blvd', city: row!.city, zipCode: row!.zipCode, pickupLocation: 'back-door', specialInstructions: row!.specialInstructions, waterTemperature: row!.waterTemperature, detergentType: row!.detergentType, allergies: row!.allergies, specialCareInstructions: row!.specialCareInstructions };
    const res = await staff('PUT', `/api/admin/bookings/${id}/details`, details);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.changed).toEqual(['Phone', 'Address', 'Pick-up spot']);
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect([after!.phone, after!.address, after!.pickupLocation, after!.smsConsent]).toEqual(['+18035550199', '40 Sunset Blvd', 'back-door', false]);
    const [entry] = await audits(id, 'booking.details_edited');
    expect(entry!.after).toMatchObject({ address: '40 Sunset Blvd', textsStopped: true });
    const [mail] = await mails(id, 'customer_details_changed');
    expect(mail!.recipient).toBe('details@example.com');
    // the same again: nothing changed, nothing sent
    expect((await staff('PUT', `/api/admin/bookings/${id}/details`, details)).json.changed).toEqual([]);
    expect(await mails(id, 'customer_details_changed')).toHaveLength(1);
    const bad = await staff('PUT', `/api/admin/bookings/${id}/details`, { ...details, zipCode: '1' });
    expect(bad.status).toBe(400);
    await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' });
    const late = await staff('PUT', `/api/admin/bookings/${id}/details`, { ...details, address: '1 Elm St' });
    expect([late.status, late.json.error.message]).toEqual([409, 'Only a pick-up still to come can have its details changed here: this order is picked up, delivered or cancelled.']);
  });
});
