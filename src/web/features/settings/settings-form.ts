// The Settings tab's form (decision 055): each section's fields as the owner types them (text),
// turned into the section's values and checked by the shared schema, the same checks the server
// makes, so a refusal is shown under its field before anything is sent. No React here: tested alone.
import * as z from 'zod/mini';
import { addOnKeys, addOnLabels, manualAddOnKeys, manualAddOnLabels } from '../../../shared/add-ons';
import { parseDollarsToCents } from '../../../shared/pricing';
import { type BusinessSettings, type SettingsSection, settingsFieldLabels, settingsSections, timeZones } from '../../../shared/settings';

export type FieldKind = 'text' | 'email' | 'tel' | 'timeZone' | 'lines' | 'weekdays' | 'windows' | 'whole' | 'dollars' | 'optionalDollars';
export type FormField = { key: string; label: string; kind: FieldKind; hint?: string };
/** A section's draft: each input's text, by the field's key ('addOnCents.oxiClean' for a nested price). */
export type Draft = Record<string, string>;
export type FieldErrors = Record<string, string>;

const label = <S extends SettingsSection>(section: S, key: keyof BusinessSettings[S]) => (settingsFieldLabels[section] as Record<string, string>)[key as string]!;
const field = <S extends SettingsSection>(section: S, key: keyof BusinessSettings[S] & string, kind: FieldKind, hint?: string): FormField => ({ key, label: label(section, key), kind, ...(hint ? { hint } : {}) });

/**
 * Each section's title, what it is, and where it applies today (decision 055: the readers are
 * connected a section at a time; a section nothing reads yet is shown, not edited).
 */
export const sectionTitles: Record<SettingsSection, { title: string; description: string; inUse: boolean; appliesTo: string }> = {
  business: {
    title: 'The business',
    description: 'Who the business is and how customers reach it.',
    inUse: true,
    appliesTo: 'Used at once by every page of the website, email, text, calendar file and invoice PDF; the notices email receives contact messages, abandoned checkouts and weight questions and is never shown to customers.',
  },
  serviceArea: {
    title: 'Service area',
    description: 'The towns the site names and the ZIP codes where pick-ups are taken.',
    inUse: true,
    appliesTo: 'The ZIP codes are used at once: the booking form refuses an address outside them (bookings already made stay). The towns are named on the website, in the terms and in every email.',
  },
  schedule: {
    title: 'Schedule',
    description: 'When pick-ups are taken, how many per window, and the promises the site makes.',
    inUse: true,
    appliesTo:
      'Applies at once to the booking calendar, new bookings, moves, cancellations, recurring pick-ups, the website and emails. A pick-up already booked on a day or window you remove stays booked and is flagged in Bookings, so you can call the customer.',
  },
  prices: {
    title: 'Prices',
    description: 'The prices new bookings are quoted and billed at.',
    inUse: true,
    appliesTo: 'The price per lb, the bag estimate, the add-on prices and the no-show fee are used at once by the website, the terms, the booking form’s estimate and every new booking; bookings already made keep the prices they were quoted. The pros’ default rate is where a new pro starts, and the manual invoice prices are where a new manual invoice starts; both can be changed on the form.',
  },
};

export { dayNames as weekdayNames } from '../../../shared/business-words';
export { timeZones };

export const sectionFields: Record<SettingsSection, FormField[]> = {
  business: [
    field('business', 'name', 'text'),
    field('business', 'tagline', 'text', 'Optional: the line under the name on the landing page'),
    field('business', 'phone', 'tel', 'Written (803) 555-0142'),
    field('business', 'email', 'email', 'Shown to customers, and where their replies go'),
    field('business', 'noticesEmail', 'email', 'Where the business’s own notices go: contact messages, abandoned checkouts, weight questions'),
    field('business', 'streetAddress', 'text'),
    field('business', 'state', 'text'),
    field('business', 'stateCode', 'text', 'Two capital letters, e.g. SC'),
    field('business', 'timeZone', 'timeZone', 'Set on the server (BUSINESS_TIME_ZONE): every date, cut-off and job follows it'),
  ],
  serviceArea: [field('serviceArea', 'towns', 'lines', 'One per line'), field('serviceArea', 'zipCodes', 'lines', 'One per line, or separated by commas')],
  schedule: [
    field('schedule', 'serviceWeekdays', 'weekdays'),
    field('schedule', 'pickupWindows', 'windows', 'One per line as start-end hours, e.g. 8-12 for 8AM to noon, 16-20 for 4PM to 8PM'),
    field('schedule', 'capacityPerWindow', 'whole', 'Pick-ups per window'),
    field('schedule', 'closedDates', 'lines', 'One per line, YYYY-MM-DD'),
    field('schedule', 'horizonDays', 'whole', 'Days ahead a pick-up can be booked'),
    field('schedule', 'sameDayCutoffHours', 'whole', 'Hours before a window starts that it stops taking same-day bookings (0: until it starts)'),
    field('schedule', 'turnaroundHours', 'whole', 'Hours from pick-up to delivery, as promised'),
    field('schedule', 'turnaroundLatestHours', 'whole', 'Hours at the latest'),
    field('schedule', 'freeCancellationHours', 'whole', 'Hours before the window that a cancellation is still free'),
  ],
  prices: [
    field('prices', 'perPoundCents', 'dollars'),
    field('prices', 'bagEstimateCents', 'optionalDollars', 'Leave empty for the rule: price per lb × 12 lb × 1.5'),
    ...addOnKeys.map((k): FormField => ({ key: `addOnCents.${k}`, label: addOnLabels[k], kind: 'dollars' })),
    field('prices', 'noShowFeeCents', 'dollars'),
    field('prices', 'proDefaultPerPoundCents', 'dollars'),
    field('prices', 'manualInvoicePerPoundCents', 'dollars'),
    ...manualAddOnKeys.map((k): FormField => ({ key: `manualInvoiceAddOnCents.${k}`, label: manualAddOnLabels[k], kind: 'dollars' })),
  ],
};

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function valueAt(values: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), values);
}

/** The section's saved values as the form's text. */
export function toDraft<S extends SettingsSection>(section: S, values: BusinessSettings[S]): Draft {
  const draft: Draft = {};
  for (const f of sectionFields[section]) {
    const v = valueAt(values as Record<string, unknown>, f.key);
    if (f.kind === 'lines') draft[f.key] = (v as string[]).join('\n');
    else if (f.kind === 'weekdays') draft[f.key] = (v as number[]).join(',');
    else if (f.kind === 'windows') draft[f.key] = (v as { startHour: number; endHour: number }[]).map((w) => `${w.startHour}-${w.endHour}`).join('\n');
    else if (f.kind === 'dollars' || f.kind === 'optionalDollars') draft[f.key] = v === null ? '' : dollars(v as number);
    else draft[f.key] = String(v);
  }
  return draft;
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

function setAt(target: Record<string, unknown>, key: string, value: unknown) {
  const parts = key.split('.');
  let node = target;
  for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}

/**
 * The draft read back as the section's values and checked by the section's schema: the values,
 * or a message per field (keyed as the server keys them, e.g. 'pickupWindows' or 'addOnCents.oxiClean').
 */
export function fromDraft<S extends SettingsSection>(section: S, draft: Draft): { ok: true; values: BusinessSettings[S] } | { ok: false; errors: FieldErrors } {
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const f of sectionFields[section]) {
    const text = draft[f.key] ?? '';
    switch (f.kind) {
      case 'lines':
        setAt(values, f.key, lines(text));
        break;
      case 'weekdays':
        setAt(values, f.key, lines(text).map(Number).sort((a, b) => a - b));
        break;
      case 'windows': {
        const windows = lines(text.replace(/,/g, '\n')).map((l) => /^(\d{1,2})\s*[-–]\s*(\d{1,2})$/.exec(l));
        if (windows.some((w) => !w)) errors[f.key] = `${f.label}: write each as start-end hours, e.g. 8-12`;
        setAt(values, f.key, windows.filter((w) => w !== null).map((w) => ({ startHour: Number(w[1]), endHour: Number(w[2]) })));
        break;
      }
      case 'whole':
        setAt(values, f.key, text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
        break;
      case 'dollars':
      case 'optionalDollars': {
        if (f.kind === 'optionalDollars' && text.trim() === '') {
          setAt(values, f.key, null);
          break;
        }
        const cents = parseDollarsToCents(text);
        if (cents === null) errors[f.key] = `${f.label} must be an amount in dollars, e.g. 2.00`;
        setAt(values, f.key, cents ?? 0);
        break;
      }
      default:
        setAt(values, f.key, text);
    }
  }
  const parsed = z.safeParse(settingsSections[section], values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = fieldKeyOf(section, issue.path.map(String));
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values: (parsed as { data: BusinessSettings[S] }).data };
}

/** The form field a message belongs to: the server's key ('pickupWindows.1.endHour') to its input ('pickupWindows'). */
export function fieldKeyOf(section: SettingsSection, path: readonly string[]): string {
  const keys = sectionFields[section].map((f) => f.key);
  for (let n = path.length; n > 0; n -= 1) {
    const key = path.slice(0, n).join('.');
    if (keys.includes(key)) return key;
  }
  return '_';
}
