// The Add / Edit Laundry Professional form as text, and the profile it sends (spec: back-office 5,
// add laundry pro). Staff type rates in dollars; the body carries whole cents, read with the shared
// parser and checked by the shared schema, so the form refuses exactly what the server would.
import * as z from 'zod/mini';
import { prices } from '../../../shared/business';
import { formatPhone } from '../../../shared/phone';
import { parseDollarsToCents } from '../../../shared/pricing';
import { centsToDollarInput } from '../../../shared/pricing-receipts';
import { proMessages, proProfileSchema, type LaundryPro, type ProStatus } from '../../../shared/schemas/laundry-pros';

export type ProFormValues = {
  name: string;
  email: string;
  phone: string;
  perPoundRate: string;
  hourlyRate: string;
  startDate: string;
  notes: string;
  status: ProStatus;
};
export type ProFormField = keyof ProFormValues;
export type ProFormErrors = Partial<Record<ProFormField, string>>;
/** The body of createLaundryPro and updateLaundryPro, as the schema reads it (trimmed, defaults filled). */
export type ProProfile = z.output<typeof proProfileSchema>;
export type ProFormResult = { ok: true; profile: ProProfile } | { ok: false; errors: ProFormErrors };

// the body's names for the fields the form holds in other units
const formFieldOf: Record<string, ProFormField> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  perPoundRateCents: 'perPoundRate',
  hourlyRateCents: 'hourlyRate',
  startDate: 'startDate',
  notes: 'notes',
  status: 'status',
};

/** The form field beside which an error about the body's `key` is shown (a server's field error too). */
export function proFormField(key: string): ProFormField | undefined {
  return Object.hasOwn(formFieldOf, key) ? formFieldOf[key] : undefined;
}

// spec: back-office 5: rate per lb 0.75 and hourly rate 0 unless changed; start date today; active
export function newProFormValues(today: string, perPoundRateCents: number = prices.proDefaultPerPoundCents): ProFormValues {
  return { name: '', email: '', phone: '', perPoundRate: centsToDollarInput(perPoundRateCents), hourlyRate: '0', startDate: today, notes: '', status: 'active' };
}

export function proFormValues(pro: LaundryPro): ProFormValues {
  return {
    name: pro.name,
    email: pro.email,
    // spec: back-office 2 — shown one way, (803) 555-0142, also in the form staff edit
    phone: formatPhone(pro.phone),
    perPoundRate: centsToDollarInput(pro.perPoundRateCents),
    hourlyRate: centsToDollarInput(pro.hourlyRateCents),
    startDate: pro.startDate,
    notes: pro.notes,
    status: pro.status,
  };
}

/** The profile to send, or the message beside each field that is wrong (nothing is sent then). */
export function readProForm(values: ProFormValues): ProFormResult {
  const errors: ProFormErrors = {};
  // a rate that is not dollars (blank, negative, letters, more than 2 decimals) is refused before
  // the schema, which checks the cents it came to against the range with the same message
  const perPoundRateCents = parseDollarsToCents(values.perPoundRate);
  if (perPoundRateCents === null) errors.perPoundRate = proMessages.perPoundRate;
  const hourlyRateCents = parseDollarsToCents(values.hourlyRate);
  if (hourlyRateCents === null) errors.hourlyRate = proMessages.hourlyRate;

  const startDate = values.startDate.trim();
  const parsed = z.safeParse(proProfileSchema, {
    name: values.name,
    email: values.email,
    phone: values.phone,
    perPoundRateCents: perPoundRateCents ?? 0,
    hourlyRateCents: hourlyRateCents ?? 0,
    // left blank, the server takes today in the business's time zone
    ...(startDate ? { startDate } : {}),
    notes: values.notes,
    status: values.status,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = proFormField(String(issue.path[0] ?? ''));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, profile: parsed.data };
}
