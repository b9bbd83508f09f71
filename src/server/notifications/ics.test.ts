import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, pickupWindowIcs, zonedTimeToUtc } from '../../../emails/ics';
import type { PickupWindowIcsInput } from '../../../emails/ics';

const newYork = 'America/New_York';

function input(overrides: Partial<PickupWindowIcsInput> = {}): PickupWindowIcsInput {
  return {
    uid: 'pickup-3f9a2c10-0000-4000-8000-000000000000@washday.example',
    confirmation: 'WD-3F9A2C',
    date: '2026-11-23',
    startHour: 16,
    endHour: 20,
    timeZone: newYork,
    location: '12 Main St, Lexington, SC 29072',
    summary: 'Washday laundry pick-up',
    description: 'Bags out by the front door.',
    now: new Date('2026-11-20T15:04:05.678Z'),
    ...overrides,
  };
}

function parseEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, event: new ICAL.Event(events[0]) };
}

describe('zonedTimeToUtc', () => {
  it.each([
    // [date, hour, zone, expected UTC]
    ['2026-11-23', 16, newYork, '2026-11-23T21:00:00.000Z'], // EST, UTC-5
    ['2026-11-23', 20, newYork, '2026-11-24T01:00:00.000Z'], // crosses into the next UTC day
    ['2026-07-06', 8, newYork, '2026-07-06T12:00:00.000Z'], // EDT, UTC-4
    ['2026-07-06', 12, newYork, '2026-07-06T16:00:00.000Z'],
    ['2026-03-08', 8, newYork, '2026-03-08T12:00:00.000Z'], // the morning after spring-forward
    ['2026-03-08', 0, newYork, '2026-03-08T05:00:00.000Z'], // midnight before it, still EST
    ['2026-11-01', 8, newYork, '2026-11-01T13:00:00.000Z'], // the morning after fall-back
    ['2026-11-01', 0, newYork, '2026-11-01T04:00:00.000Z'], // midnight before it, still EDT
    ['2026-11-23', 24, newYork, '2026-11-24T05:00:00.000Z'], // end of day
    ['2026-07-06', 9, 'UTC', '2026-07-06T09:00:00.000Z'],
    ['2026-07-06', 9, 'Europe/London', '2026-07-06T08:00:00.000Z'],
    ['2026-07-06', 9, 'Asia/Kolkata', '2026-07-06T03:30:00.000Z'],
    ['2026-07-06', 9, 'Pacific/Auckland', '2026-07-05T21:00:00.000Z'], // NZST, southern winter
    ['2026-12-07', 9, 'Pacific/Auckland', '2026-12-06T20:00:00.000Z'], // NZDT
  ])('%s %i:00 in %s is %s', (date, hour, zone, expected) => {
    expect(zonedTimeToUtc(date, hour, zone).toISOString()).toBe(expected);
  });

  it('reads a time inside the spring-forward gap as the same time after the jump (2:00 EST -> 3:00 EDT)', () => {
    expect(zonedTimeToUtc('2026-03-08', 2, newYork).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-29', 2, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('reads a time that happens twice at fall-back as its first (daylight-time) occurrence', () => {
    expect(zonedTimeToUtc('2026-11-01', 1, newYork).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(zonedTimeToUtc('2026-10-25', 2, 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });

  it('refuses impossible input', () => {
    expect(() => zonedTimeToUtc('2026-02-30', 8, newYork)).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-11-23', 25, newYork)).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-11-23', 8.5, newYork)).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-11-23', 8, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('pickupWindowIcs', () => {
  it('is a PUBLISH calendar with one event for a winter (EST) 4pm-8pm window: 21:00Z to 01:00Z next day', () => {
    const ics = pickupWindowIcs(input());
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    expect(ics).toContain('\r\nDTSTART:20261123T210000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261124T010000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261120T150405Z\r\n');

    const { calendar, event } = parseEvent(ics);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Washday//Pick-up window//EN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.uid).toBe(input().uid);
    expect(event.summary).toBe('Washday laundry pick-up');
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-24T01:00:00.000Z');
    expect(event.description).toBe('Confirmation: WD-3F9A2C\n\nBags out by the front door.');
  });

  it('puts a summer (EDT) 8am-12pm window at 12:00Z to 16:00Z', () => {
    const { event } = parseEvent(pickupWindowIcs(input({ date: '2026-07-06', startHour: 8, endHour: 12 })));
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-06T12:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-06T16:00:00.000Z');
  });

  it('uses CRLF for every line break', () => {
    const ics = pickupWindowIcs(input({ description: 'line one\nline two\r\nline three' }));
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text, and they read back unchanged', () => {
    const location = '12 Main St, Apt 4; gate code 1\\2, Lexington, SC 29072';
    const description = 'Bags by the garage; dog is friendly, ring twice.\nAllergies: none\r\nThanks!';
    const ics = pickupWindowIcs(input({ location, description, summary: 'Pick-up; Washday, Inc.' }));
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('LOCATION:12 Main St\\, Apt 4\\; gate code 1\\\\2\\, Lexington\\, SC 29072\r\n');
    expect(unfolded).toContain(
      'DESCRIPTION:Confirmation: WD-3F9A2C\\n\\nBags by the garage\\; dog is friendly\\, ring twice.\\nAllergies: none\\nThanks!\r\n',
    );
    expect(unfolded).toContain('SUMMARY:Pick-up\\; Washday\\, Inc.\r\n');

    const { event } = parseEvent(ics);
    expect(event.location).toBe(location);
    expect(event.summary).toBe('Pick-up; Washday, Inc.');
    expect(event.description).toBe(`Confirmation: WD-3F9A2C\n\n${description.replace(/\r\n/g, '\n')}`);
  });

  it('folds long lines at 75 octets without splitting a multi-byte character, and they unfold exactly', () => {
    const description = `${'Please leave the bags on the porch next to the blue bench. '.repeat(4)}Café — merci 👍 ${'é'.repeat(80)}`;
    const ics = pickupWindowIcs(input({ description }));
    const lines = ics.split('\r\n').slice(0, -1);
    const encoder = new TextEncoder();
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(2);
    // no replacement characters: every chunk is valid UTF-8 on its own
    for (const line of lines) expect(new TextDecoder('utf-8', { fatal: true }).decode(encoder.encode(line))).toBe(line);

    const { event } = parseEvent(ics);
    expect(event.description).toBe(`Confirmation: WD-3F9A2C\n\n${description}`);
  });

  it('refuses a window that ends before it starts', () => {
    expect(() => pickupWindowIcs(input({ startHour: 16, endHour: 16 }))).toThrow(RangeError);
    expect(() => pickupWindowIcs(input({ now: new Date('nope') }))).toThrow(RangeError);
  });
});

describe('text helpers', () => {
  it('escapeIcsText follows RFC 5545 3.3.11', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('foldIcsLine leaves a 75-octet line alone and folds a 76-octet one', () => {
    expect(foldIcsLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldIcsLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    expect(foldIcsLine('x'.repeat(75 + 74 + 1))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(74)}\r\n x`);
  });
});
