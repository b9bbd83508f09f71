import { describe, expect, it } from 'vitest';
import { proMessages, type LaundryPro } from '../../../shared/schemas/laundry-pros';
import { newProFormValues, proFormField, proFormValues, readProForm, type ProFormValues } from './pro-form-values';

const today = '2026-03-16';
const filled = (overrides: Partial<ProFormValues> = {}): ProFormValues => ({ ...newProFormValues(today), name: 'Dana Fold', ...overrides });

function pro(overrides: Partial<LaundryPro> = {}): LaundryPro {
  return {
    id: 'pro-1',
    name: 'Dana Fold',
    email: 'dana@example.com',
    phone: '(803) 555-0101',
    perPoundRateCents: 75,
    hourlyRateCents: 0,
    status: 'active',
    notes: '',
    startDate: '2026-01-05',
    createdAt: '2026-01-05T14:00:00.000Z',
    paymentAccount: 'none',
    portalInvited: false,
    portalRevoked: false,
    portalEmail: null,
    portalEmailPending: null,
    activeAssignments: 0,
    completedOrders: 0,
    unpaid: { perPoundCents: 0, tipCents: 0, totalCents: 0 },
    owedBackCents: 0,
    rating: { count: 0, average: null },
    totalEarnedCents: 0,
    recentAssignments: [],
    ...overrides,
  };
}

describe('a new pro form (spec: back-office 5)', () => {
  it('starts at 0.75 per lb, 0 an hour, today, active', () => {
    expect(newProFormValues(today)).toEqual({ name: '', email: '', phone: '', perPoundRate: '0.75', hourlyRate: '0', startDate: today, notes: '', status: 'active' });
  });

  it('sends the defaults as cents', () => {
    expect(readProForm(filled())).toEqual({
      ok: true,
      profile: { name: 'Dana Fold', email: '', phone: '', perPoundRateCents: 75, hourlyRateCents: 0, startDate: today, notes: '', status: 'active' },
    });
  });
});

describe('the rate per lb typed in dollars', () => {
  it.each([
    ['0.75', 75],
    ['1', 100],
    ['0', 0],
    ['0.8', 80],
    ['1.50', 150],
    [' 2.25 ', 225],
    ['100', 10_000],
  ])('%j is %i cents', (text, cents) => {
    const result = readProForm(filled({ perPoundRate: text }));
    expect(result.ok && result.profile.perPoundRateCents).toBe(cents);
  });

  it.each([['-1'], ['abc'], ['1.234'], [''], ['  '], ['100.01'], ['1e2']])('%j is refused with the rate message, nothing to send', (text) => {
    expect(readProForm(filled({ perPoundRate: text }))).toEqual({ ok: false, errors: { perPoundRate: proMessages.perPoundRate } });
  });
});

describe('the hourly rate typed in dollars', () => {
  it.each([
    ['0', 0],
    ['22.5', 2250],
    ['1000', 100_000],
  ])('%j is %i cents', (text, cents) => {
    const result = readProForm(filled({ hourlyRate: text }));
    expect(result.ok && result.profile.hourlyRateCents).toBe(cents);
  });

  it.each([['-5'], ['ten'], ['0.001'], [''], ['1000.01']])('%j is refused with the hourly message', (text) => {
    expect(readProForm(filled({ hourlyRate: text }))).toEqual({ ok: false, errors: { hourlyRate: proMessages.hourlyRate } });
  });
});

describe('the other fields', () => {
  it('refuses a name that is blank after trimming, and trims the one it sends', () => {
    expect(readProForm(filled({ name: '   ' }))).toEqual({ ok: false, errors: { name: proMessages.nameRequired } });
    const result = readProForm(filled({ name: '  Dana Fold  ', email: ' dana@example.com ' }));
    expect(result.ok && [result.profile.name, result.profile.email]).toEqual(['Dana Fold', 'dana@example.com']);
  });

  it('says what is wrong with each field at once', () => {
    expect(readProForm(filled({ email: 'not-an-email', phone: 'call me', perPoundRate: '-1', startDate: '2026-02-30' }))).toEqual({
      ok: false,
      errors: { email: proMessages.email, phone: proMessages.phone, perPoundRate: proMessages.perPoundRate, startDate: proMessages.startDate },
    });
  });

  it('leaves a blank start date out, for the server to take today', () => {
    const result = readProForm(filled({ startDate: '' }));
    expect(result.ok && 'startDate' in result.profile).toBe(false);
  });

  it('sends inactive when chosen', () => {
    const result = readProForm(filled({ status: 'inactive' }));
    expect(result.ok && result.profile.status).toBe('inactive');
  });
});

describe('an existing pro back in the form', () => {
  it.each([
    [75, 0, '0.75', '0.00'],
    [80, 2250, '0.80', '22.50'],
    [100, 100_000, '1.00', '1000.00'],
  ])('%i and %i cents read as %j and %j', (perPound, hourly, perPoundText, hourlyText) => {
    const values = proFormValues(pro({ perPoundRateCents: perPound, hourlyRateCents: hourly }));
    expect([values.perPoundRate, values.hourlyRate]).toEqual([perPoundText, hourlyText]);
  });

  it('shows a stored phone number the one way people read it', () => {
    expect(proFormValues(pro({ phone: '+18035550142' })).phone).toBe('(803) 555-0142');
    expect(proFormValues(pro({ phone: '' })).phone).toBe('');
  });

  it('keeps the profile and sends it back unchanged', () => {
    const existing = pro({ status: 'inactive', notes: 'Weekends only', perPoundRateCents: 80 });
    expect(proFormValues(existing)).toEqual({
      name: 'Dana Fold',
      email: 'dana@example.com',
      phone: '(803) 555-0101',
      perPoundRate: '0.80',
      hourlyRate: '0.00',
      startDate: '2026-01-05',
      notes: 'Weekends only',
      status: 'inactive',
    });
    expect(readProForm(proFormValues(existing))).toEqual({
      ok: true,
      profile: { name: 'Dana Fold', email: 'dana@example.com', phone: '(803) 555-0101', perPoundRateCents: 80, hourlyRateCents: 0, startDate: '2026-01-05', notes: 'Weekends only', status: 'inactive' },
    });
  });
});

describe("the server's field errors", () => {
  it.each([
    ['perPoundRateCents', 'perPoundRate'],
    ['hourlyRateCents', 'hourlyRate'],
    ['name', 'name'],
    ['startDate', 'startDate'],
    ['stripeAccountId', undefined],
    ['toString', undefined],
  ])('%s is shown beside %s', (key, field) => {
    expect(proFormField(key)).toBe(field);
  });
});
