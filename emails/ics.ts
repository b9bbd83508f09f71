// The pick-up window as an iCalendar (RFC 5545) event, attached to the booking confirmation so the
// customer can put it in their calendar. Times are wall-clock hours in the business time zone
// (docs/design.md 4), converted to UTC with Intl alone so daylight saving is handled by the platform's
// time-zone database, not by a date library.
import { isIsoDate } from '../src/shared/dates';

const CRLF = '\r\n';
/** RFC 5545 3.1: content lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    // throws RangeError for an unknown zone, which is what we want
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds (New York: -4 h or -5 h). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = offsetFormatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallClockAsUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wallClockAsUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `timeZone` reads `hour`:00 on `date` (YYYY-MM-DD).
 * `hour` may be 0-24 (24 is midnight at the end of the day). Like Temporal's "compatible"
 * disambiguation: a time that happens twice (fall-back) is its first, earlier occurrence; a time
 * that does not exist (spring-forward gap) is moved forward by the length of the gap (2:30 -> 3:30).
 */
export function zonedTimeToUtc(date: string, hour: number, timeZone: string): Date {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  if (!Number.isInteger(hour) || hour < 0 || hour > 24) throw new RangeError(`hour must be an integer 0-24, got ${hour}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallClockAsUtc = Date.UTC(y, m - 1, d, hour);
  // Zones change offset at most once in any two days, so the offsets in force a day either side
  // are the only ones this wall-clock time can have been read under.
  const day = 86_400_000;
  const offsetBefore = zoneOffsetMs(wallClockAsUtc - day, timeZone);
  const offsetAfter = zoneOffsetMs(wallClockAsUtc + day, timeZone);
  const readings = [wallClockAsUtc - offsetBefore, wallClockAsUtc - offsetAfter].filter(
    (instant) => zoneOffsetMs(instant, timeZone) === wallClockAsUtc - instant,
  );
  if (readings.length) return new Date(Math.min(...readings));
  // In a gap: read it with the offset from before the jump, which lands past the gap.
  return new Date(wallClockAsUtc - offsetBefore);
}

/** 2026-11-23T21:00:00.000Z -> "20261123T210000Z" (RFC 5545 3.3.5, form 2: UTC). */
function formatUtcDateTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** RFC 5545 3.3.11: backslash, semicolon and comma are escaped; line breaks become "\n". */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 3.1: split a content line into chunks of at most 75 octets (UTF-8), each continuation
 * starting with one space, never splitting a multi-byte character.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const chunks: string[] = [];
  let current = '';
  let currentOctets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    if (currentOctets + octets > limit) {
      chunks.push(current);
      current = '';
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space of a continuation line counts
    }
    current += char;
    currentOctets += octets;
  }
  chunks.push(current);
  return chunks.join(`${CRLF} `);
}

export type PickupWindowIcsInput = {
  /** Globally unique and stable for the booking, so a re-sent invitation updates the same event. */
  uid: string;
  confirmation: string;
  date: string;
  startHour: number;
  endHour: number;
  timeZone: string;
  location: string;
  summary: string;
  description: string;
  /** DTSTAMP: when this calendar object was created. */
  now: Date;
  /** The event's revision (RFC 5545 SEQUENCE): 0 when booked; a moved pick-up's is higher, so it replaces the first. */
  sequence?: number;
};

/**
 * A VCALENDAR with one VEVENT for the pick-up window, CRLF line endings, text escaped and lines
 * folded. The confirmation number heads the event description.
 */
export function pickupWindowIcs(input: PickupWindowIcsInput): string {
  if (!Number.isInteger(input.startHour) || !Number.isInteger(input.endHour) || input.endHour <= input.startHour) {
    throw new RangeError(`A pick-up window needs whole hours with end after start, got ${input.startHour}-${input.endHour}`);
  }
  if (Number.isNaN(input.now.getTime())) throw new RangeError('now is not a valid date');
  const start = zonedTimeToUtc(input.date, input.startHour, input.timeZone);
  const end = zonedTimeToUtc(input.date, input.endHour, input.timeZone);
  const description = `Confirmation: ${input.confirmation}\n\n${input.description}`;

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Washday//Pick-up window//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(input.uid)}`,
    `DTSTAMP:${formatUtcDateTime(input.now)}`,
    `DTSTART:${formatUtcDateTime(start)}`,
    `DTEND:${formatUtcDateTime(end)}`,
    `SUMMARY:${escapeIcsText(input.summary)}`,
    `LOCATION:${escapeIcsText(input.location)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    'STATUS:CONFIRMED',
    `SEQUENCE:${input.sequence ?? 0}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
