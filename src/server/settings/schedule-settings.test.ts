// decision 055: the schedule is the settings'. The environment's places, horizon and closed days
// are a new installation's first values; the owner then moves pick-ups to Tuesday and Thursday,
// 9-1 and 1-5, one place a window, and bookings, the calendar, the cancellation cut-off and the
// same-day cut-off follow at once. A pick-up booked on the old schedule stays, flagged for staff.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { defaultSettings } from '../../shared/settings';
import { cancelToken } from '../booking-records/cancel-link';
import { bookingFormInput } from '../bookings/booking.factory';
import { outbox } from '../db/schema';

const ORIGIN = 'http://shop.test';
// Sunday 22 November 2026, 10:00 in the business's time zone
const now = () => new Date('2026-11-22T15:00:00Z');
type Availability = { lastDay: string; closed: string[]; capacityPerWindow: number; serviceWeekdays: number[]; windows: { value: string; label: string }[]; started: string[]; noFreeCancellation: string[] };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(testDatabaseKinds)('the schedule from Settings (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '5', BOOKING_HORIZON_DAYS: '30', CLOSED_DATES: '2026-12-25', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const book = (over: Parameters<typeof bookingFormInput>[0]) => t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput(over) } });
  async function bookAndPay(over: Parameters<typeof bookingFormInput>[0]) {
    const res = await book(over);
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, testCards.ok);
    return booking_id;
  }
  const availability = async () => (await (await t.request('/api/availability?from=2026-11-22&to=2026-12-31')).json()) as Availability;
  async function saveSchedule(values: typeof defaultSettings.schedule) {
    const read = await staff('GET', '/api/admin/settings');
    const saved = await staff('PUT', '/api/admin/settings', { section: 'schedule', version: read.json.version as number, values });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  }
  const refused = async (over: Parameters<typeof bookingFormInput>[0]) => {
    const res = await book(over);
    return { status: res.status, ...((await res.json()) as ErrorBody).error };
  };

  const schedule = {
    ...defaultSettings.schedule,
    serviceWeekdays: [2, 4],
    pickupWindows: [
      { startHour: 13, endHour: 17 },
      { startHour: 9, endHour: 13 },
    ],
    capacityPerWindow: 1,
    closedDates: ['2026-11-26'],
    horizonDays: 14,
    freeCancellationHours: 4,
  };

  it('starts from the environment, then follows what the owner saves; a pick-up booked before stays, flagged', async () => {
    // the environment's values are the first start's (PICKUP_CAPACITY_PER_WINDOW, BOOKING_HORIZON_DAYS, CLOSED_DATES)
    const first = await staff('GET', '/api/admin/settings');
    expect(first.json.settings.schedule).toMatchObject({ capacityPerWindow: 5, horizonDays: 30, closedDates: ['2026-12-25'], serviceWeekdays: [1, 3, 5] });
    expect(await availability()).toMatchObject({ lastDay: '2026-12-22', capacityPerWindow: 5, serviceWeekdays: [1, 3, 5], windows: [{ value: '8am-12pm' }, { value: '12pm-4pm' }, { value: '4pm-8pm' }] });
    // booked on Monday morning, the spec's schedule
    const monday = await bookAndPay({ pickupDate: '2026-11-23', pickupTime: '8am-12pm' });

    await saveSchedule(schedule);
    expect(await availability()).toMatchObject({
      lastDay: '2026-12-06',
      closed: ['2026-11-26'],
      capacityPerWindow: 1,
      serviceWeekdays: [2, 4],
      windows: [
        { value: '9am-1pm', label: '9AM – 1PM' },
        { value: '1pm-5pm', label: '1PM – 5PM' },
      ],
    });

    // refused by the new schedule, each naming its field
    expect(await refused({ pickupDate: '2026-11-30', pickupTime: '9am-1pm' })).toMatchObject({ status: 400, code: 'pickup_day_not_served', message: 'Pick-ups are on Tuesday & Thursday only' });
    expect(await refused({ pickupDate: '2026-11-24', pickupTime: '8am-12pm' })).toMatchObject({ status: 400, code: 'pickup_window_not_offered', fields: { pickupTime: expect.stringMatching(/pick-up time/) } });
    expect(await refused({ pickupDate: '2026-11-26', pickupTime: '9am-1pm' })).toMatchObject({ status: 400, code: 'pickup_date_closed' });
    expect(await refused({ pickupDate: '2026-12-08', pickupTime: '9am-1pm' })).toMatchObject({ status: 400, code: 'pickup_date_too_far' });

    // one place a window: the first to book takes it
    const tuesday = await bookAndPay({ pickupDate: '2026-11-24', pickupTime: '9am-1pm' });
    // confirmed, and its email and calendar event name the owner's window
    expect((await staff('GET', `/api/admin/bookings/${tuesday}`)).json.booking).toMatchObject({ bookingStatus: 'confirmed', paymentStatus: 'paid' });
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'booking_confirmation'), eq(outbox.bookingId, tuesday)));
    expect(JSON.stringify(mail)).toContain('9AM – 1PM');
    expect(await refused({ pickupDate: '2026-11-24', pickupTime: '9am-1pm', email: 'second@example.com', phone: '(803) 555-0199' })).toMatchObject({ status: 409, code: 'pickup_window_full' });
    expect((await availability()).started).toEqual(['2026-11-22|9am-1pm']);
    expect((await (await t.request('/api/availability?from=2026-11-24&to=2026-11-24')).json()) as Availability).toMatchObject({ full: ['2026-11-24|9am-1pm'] });

    // the Monday pick-up stays booked, flagged for the staff; the new one fits
    const old = await staff('GET', `/api/admin/bookings/${monday}`);
    expect(old.json.booking).toMatchObject({ bookingStatus: 'confirmed', pickupDate: '2026-11-23', pickupTime: '8am-12pm', outsideSchedule: 'No longer a pick-up day' });
    expect((await staff('GET', `/api/admin/bookings/${tuesday}`)).json.booking).toMatchObject({ bookingStatus: 'confirmed', outsideSchedule: null });
    const list = await staff('GET', '/api/admin/bookings?pageSize=50');
    expect((list.json.bookings as { id: string; outsideSchedule: string | null }[]).find((b) => b.id === monday)?.outsideSchedule).toBe('No longer a pick-up day');

    // free cancellation ends 4 hours before the window: Tuesday 9:00 ET is 14:00 UTC
    const cancellation = await t.request(`/api/bookings/${tuesday}/cancellation?token=${cancelToken(t.config.sessionSecret, tuesday)}`);
    expect(((await cancellation.json()) as { cutoff: string }).cutoff).toBe('2026-11-24T10:00:00.000Z');
  });

  it('takes same-day pick-ups until the cut-off before a window starts', async () => {
    // Sundays too, with a two-hour cut-off: at 10:00 the 9-1 window is closed to bookings, the 1-5 one open until 11:00
    await saveSchedule({ ...schedule, serviceWeekdays: [2, 4, 7], sameDayCutoffHours: 2 });
    expect((await availability()).started).toEqual(['2026-11-22|9am-1pm']);
    expect(await refused({ pickupDate: '2026-11-22', pickupTime: '9am-1pm' })).toMatchObject({ status: 400, code: 'pickup_window_started' });
    await saveSchedule({ ...schedule, serviceWeekdays: [2, 4, 7], sameDayCutoffHours: 4 });
    expect((await availability()).started).toEqual(['2026-11-22|9am-1pm', '2026-11-22|1pm-5pm']);
    expect(await refused({ pickupDate: '2026-11-22', pickupTime: '1pm-5pm' })).toMatchObject({
      status: 400,
      code: 'pickup_window_started',
      message: 'A same-day pick-up is booked at least 4 hours before its window starts. Please choose a later time or day.',
    });
    await saveSchedule({ ...schedule, serviceWeekdays: [2, 4, 7], sameDayCutoffHours: 0 });
    expect((await availability()).started).toEqual(['2026-11-22|9am-1pm']);
    await bookAndPay({ pickupDate: '2026-11-22', pickupTime: '1pm-5pm', email: 'sunday@example.com', phone: '(803) 555-0177' });
  });

  it('a window whose free cancellation has ended is said so before booking, and its email offers no cancel link', async () => {
    // at 10:00 on Sunday, with a 4-hour free cancellation: the 1-5 window's ended at 9:00, Tuesday's are open
    await saveSchedule({ ...schedule, serviceWeekdays: [2, 4, 7], sameDayCutoffHours: 0, capacityPerWindow: 5 });
    expect((await availability()).noFreeCancellation).toEqual(['2026-11-22|1pm-5pm']);
    const late = await bookAndPay({ pickupDate: '2026-11-22', pickupTime: '1pm-5pm', email: 'late@example.com', phone: '(803) 555-0178' });
    const early = await bookAndPay({ pickupDate: '2026-11-24', pickupTime: '1pm-5pm', email: 'early@example.com', phone: '(803) 555-0179' });
    const text = async (bookingId: string) => {
      const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'booking_confirmation')));
      return (mail!.payload as { text: string }).text;
    };
    const lateText = await text(late);
    expect(lateText).toContain('You booked after the free-cancellation cut-off (4 hours before your pick-up window starts), so this pick-up can no longer be cancelled online.');
    expect(lateText).not.toContain('/cancel-booking?');
    expect(lateText).not.toContain('Cancel this pick-up');
    const earlyText = await text(early);
    expect(earlyText).toContain('Cancellation is free up to 4 hours before your pick-up window starts');
    expect(earlyText).toContain(`/cancel-booking?booking_id=${early}`);
  });
});
