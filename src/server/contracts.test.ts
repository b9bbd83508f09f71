// Every answer the browser reads is what its contract says (docs/conventions.md 2): a representative success
// answer of each public and staff endpoint is parsed with `contracts.<name>.response` (src/shared/api.ts),
// so a server that drifts from the schema the web client is typed by fails here, naming the fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, bothDatabaseKinds, type TestContext } from '../../tests/helpers/test-app';
import { contracts, type Contracts } from '../shared/api';
import { createFirstMasterAdmin } from './admins/admins.service';
import { cancelToken } from './booking-records/cancel-link';
import { ratingUrl } from './booking-records/rating-link';
import { payAmountDueToken } from './booking-records/pay-link';
import { invoiceUrl } from './booking-records/invoice-link';
import { bookings, laundryPros, outbox } from './db/schema';
import { payLocalCheckout, signInInvitedPro, signInToOrders } from '../../tests/helpers/flows';
import { invoicePayUrl } from './invoices/invoice-pay-link';
import { and, eq } from 'drizzle-orm';
import { bookingFormInput, insertBooking } from './bookings/booking.factory';
import { insertGiftCard } from './gift-cards/gift-card.factory';

const ORIGIN = 'http://localhost:3000';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const MONDAY = '2026-11-23';
const TODAY = '2026-11-22';

type Name = keyof Contracts;

describe.each(bothDatabaseKinds)('answers match the shared contracts (%s)', (kind) => {
  let t: TestContext;
  let staffCookie = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now });
    const first = await createFirstMasterAdmin(t.database.db, t.auth, { email: 'owner@washday.example', fullName: 'Owner' });
    const signIn = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: 'owner@washday.example', password: first.temporaryPassword }),
    });
    staffCookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const changed = await staff('POST', '/api/admin/me/password', { currentPassword: first.temporaryPassword, newPassword: 'a-long-new-password' });
    expect(changed.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  function staff(method: string, path: string, body?: unknown) {
    return t.app.request(path, {
      method,
      headers: { cookie: staffCookie, origin: ORIGIN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  /** Parses the answer with the contract's response schema; fails with the mismatching fields. */
  async function expectContract(name: Name, res: Response, status = 200): Promise<unknown> {
    const json: unknown = await res.json();
    expect(res.status, `${name}: ${JSON.stringify(json)}`).toBe(status);
    const parsed = z.safeParse(contracts[name].response, json);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), name).toEqual([]);
    return json;
  }

  async function book(body: Record<string, unknown>) {
    const res = await t.request('/api/bookings', { method: 'POST', json: body });
    return (await expectContract('createBooking', res, 201)) as { booking_id: string; token: string; url?: string };
  }

  it('the public endpoints', async () => {
    await expectContract('availability', await t.request(`/api/availability?from=${TODAY}&to=${MONDAY}`));
    await expectContract('quoteBooking', await t.request('/api/bookings/quote', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate: MONDAY, bagQuantity: 2 }) } }));

    // a free booking is confirmed at once; a paid one goes to the checkout
    const free = await book({ bookingData: bookingFormInput({ pickupDate: MONDAY }), promoCode: 'FREE' });
    await expectContract('getBooking', await t.request(`/api/bookings/${free.booking_id}?token=${free.token}`));
    const paid = await book({ bookingData: bookingFormInput({ pickupDate: MONDAY, rushDelivery: true }) });
    const sessionId = new URL(paid.url!).pathname.split('/').pop()!;
    await expectContract('getBookingBySession', await t.request(`/api/bookings/session/${sessionId}`));
    // the same submission sent again answers its booking with the same contract (200: nothing new)
    const submitted = { bookingData: bookingFormInput({ pickupDate: MONDAY }), submissionKey: crypto.randomUUID() };
    await book(submitted);
    await expectContract('createBooking', await t.request('/api/bookings', { method: 'POST', json: submitted }), 200);

    const token = cancelToken(t.config.sessionSecret, free.booking_id);
    await expectContract('getCancellation', await t.request(`/api/bookings/${free.booking_id}/cancellation?token=${token}`));
    await expectContract('cancelBooking', await t.request(`/api/bookings/${free.booking_id}/cancel`, { method: 'POST', json: { token } }));

    // "My orders" (decision 021): the link from the outbox, the session, the orders, signing out
    const address = bookingFormInput({ pickupDate: MONDAY }).email;
    const mine = await book({ bookingData: bookingFormInput({ pickupDate: MONDAY, email: address }), promoCode: 'FREE' });
    await expectContract('requestOrdersLink', await t.request('/api/orders/sign-in-link', { method: 'POST', json: { address }, headers: { origin: ORIGIN } }));
    const [linkMail] = await t.database.db.select().from(outbox).where(and(eq(outbox.recipient, address), eq(outbox.kind, 'orders_sign_in_link')));
    const ordersToken = new URL(/https?:\/\/\S+\/orders\?token=\S+/.exec((linkMail!.payload as { text: string }).text)![0]).searchParams.get('token')!;
    const session = await t.request('/api/orders/session', { method: 'POST', json: { token: ordersToken }, headers: { origin: ORIGIN } });
    const ordersCookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
    await expectContract('openOrdersSession', session);
    await expectContract('customerOrders', await t.request('/api/orders', { headers: { cookie: ordersCookie } }));
    await expectContract('bookingDetails', await t.request('/api/orders/booking-details', { headers: { cookie: ordersCookie } }));
    await expectContract('exportCustomerData', await t.request('/api/orders/export', { headers: { cookie: ordersCookie } }));
    await expectContract('customerOrder', await t.request(`/api/orders/${mine.booking_id}`, { headers: { cookie: ordersCookie } }));
    await expectContract('rescheduleOrder', await t.request(`/api/orders/${mine.booking_id}/reschedule`, { method: 'POST', json: { pickupDate: '2026-11-25', pickupTime: '4pm-8pm' }, headers: { cookie: ordersCookie, origin: ORIGIN } }));
    const details = { name: 'Orders Person', phone: '(803) 555-0150', address: '9 New St', city: 'Irmo', zipCode: '29063', pickupLocation: 'porch', specialInstructions: '', waterTemperature: 'cold', detergentType: 'standard', allergies: '', specialCareInstructions: '' };
    await expectContract('updateCustomerDetails', await t.request('/api/orders/details', { method: 'PUT', json: details, headers: { cookie: ordersCookie, origin: ORIGIN } }));
    await expectContract('signOutOfOrders', await t.request('/api/orders/sign-out', { method: 'POST', headers: { cookie: ordersCookie, origin: ORIGIN } }));
    // decision 024: the paid booking repeats, from its confirmation page and from the series' link
    await payLocalCheckout(t, paid.url!);
    const started = (await expectContract('startSeries', await t.request('/api/series', { method: 'POST', json: { bookingId: paid.booking_id, everyWeeks: 1, sessionId }, headers: { origin: ORIGIN } }), 201)) as { series: { id: string; manageUrl: string } };
    const seriesToken = new URL(started.series.manageUrl).searchParams.get('token')!;
    await expectContract('getSeries', await t.request(`/api/series/${started.series.id}?token=${seriesToken}`));
    await expectContract('actOnSeries', await t.request(`/api/series/${started.series.id}/action`, { method: 'POST', json: { token: seriesToken, action: 'pause' }, headers: { origin: ORIGIN } }));
    // decision 022: a customer with nothing open deletes their data
    // decision 037: only a confirmed booking names a customer
    await insertBooking(t.database.db, { email: 'done@example.com', bookingStatus: 'delivered', paymentStatus: 'paid', confirmedAt: new Date('2026-11-10T15:00:00Z'), pickupDate: '2026-11-16' });
    const doneCookie = await signInToOrders(t, ORIGIN, 'done@example.com', 'done@example.com');
    await expectContract('eraseCustomerData', await t.request('/api/orders/erase', { method: 'POST', json: { confirm: 'DELETE' }, headers: { cookie: doneCookie, origin: ORIGIN } }));

    const card = await insertGiftCard(t.database.db, { amount: 2500 });
    await expectContract('validateGiftCard', await t.request('/api/gift-cards/validate', { method: 'POST', json: { giftCardCode: card!.code } }));
    const purchase = { amount: 30, purchaser_email: 'buyer@example.com', recipient_name: 'Sam Lee', recipient_email: 'sam@example.com', message: 'Enjoy!', terms_accepted: true };
    const bought = (await expectContract('createGiftCardPurchase', await t.request('/api/gift-cards/purchase', { method: 'POST', json: purchase }), 201)) as { session_id: string };
    await expectContract('getGiftCardPurchase', await t.request(`/api/gift-cards/purchase/${bought.session_id}`));
    await expectContract(
      'createContactMessage',
      await t.request('/api/contact', {
        method: 'POST',
        json: { name: 'Jenna Whitfield', email: 'jenna@example.com', phone: '(803) 555-0101', subject: 'Blankets', message: 'Do you wash king-size comforters?' },
      }),
      201,
    );
  });

  it('the staff endpoints', async () => {
    const booked = await book({ bookingData: bookingFormInput({ pickupDate: MONDAY }), promoCode: 'FREE' });
    await expectContract('adminMe', await staff('GET', '/api/admin/me'));
    await expectContract('listAdmins', await staff('GET', '/api/admin/admins'));
    await expectContract('createAdmin', await staff('POST', '/api/admin/admins', { email: 'staff@example.com', fullName: 'Staff Member', role: 'admin' }), 201);
    const audit = (await expectContract('auditLog', await staff('GET', '/api/admin/audit'))) as { entries: { action: string; sentence: string }[]; people: unknown[] };
    expect(audit.entries.map((e) => e.action)).toContain('admin.create');
    // the query the Audit tab sends: every filter and a page
    await expectContract('auditLog', await staff('GET', `/api/admin/audit?by=owner%40washday.example&action=admin.create&from=2026-01-01&to=2027-12-31&page=1&pageSize=10`));
    await expectContract('dashboardStats', await staff('GET', '/api/admin/stats'));
    const list = (await expectContract('listStaffBookings', await staff('GET', '/api/admin/bookings'))) as { bookings: unknown[] };
    expect(list.bookings.length).toBeGreaterThan(0);
    await expectContract('getStaffBooking', await staff('GET', `/api/admin/bookings/${booked.booking_id}`));
    await expectContract('todaysSchedule', await staff('GET', `/api/admin/schedule?date=${MONDAY}`));
    await expectContract('listMessages', await staff('GET', '/api/admin/messages'));
    await expectContract('listOutbox', await staff('GET', '/api/admin/outbox'));
    const card = await insertGiftCard(t.database.db, { amount: 4000 });
    await expectContract('listStaffGiftCards', await staff('GET', '/api/admin/gift-cards'));
    const pro = (await expectContract('createLaundryPro', await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', email: 'rosa@example.com' }), 201)) as { pro: { id: string } };
    await expectContract('updateLaundryPro', await staff('PUT', `/api/admin/pros/${pro.pro.id}`, { name: 'Rosa Diaz', status: 'inactive' }));
    await expectContract('listLaundryPros', await staff('GET', '/api/admin/pros'));
    await staff('PUT', `/api/admin/pros/${pro.pro.id}`, { name: 'Rosa Diaz', email: 'rosa@example.com', status: 'active' });
    await expectContract('assignLaundryPro', await staff('POST', `/api/admin/bookings/${booked.booking_id}/laundry-pro`, { laundryProId: pro.pro.id }));
    await expectContract('listAssignments', await staff('GET', '/api/admin/assignments'));
    await expectContract('startProOnboarding', await staff('POST', `/api/admin/pros/${pro.pro.id}/connect-account`));
    await expectContract('checkProAccount', await staff('POST', `/api/admin/pros/${pro.pro.id}/connect-status`));
    await expectContract('resendGiftCardEmail', await staff('POST', `/api/admin/gift-cards/${card.id}/resend`));
    // the staff tools and invoices (spec: back-office 7)
    await expectContract('sendTerms', await staff('POST', '/api/admin/tools/terms', { clientEmail: 'client@example.com', clientName: 'Client' }));
    const sent = (await expectContract('sendManualInvoice', await staff('POST', '/api/admin/invoices', { clientName: 'Acme', clientEmail: 'acme@example.com', dueDate: MONDAY, poundsTenths: 200 }), 201)) as { invoice: { id: string } };
    const subscribed = (await expectContract('sendSubscriptionInvoice', await staff('POST', '/api/admin/subscriptions', { clientName: 'Office', clientEmail: 'office@example.com', description: 'Towels', monthlyPriceCents: 9900, startDate: MONDAY, billingDay: 15 }), 201)) as { subscription: { id: string } };
    await expectContract('setSubscriptionStatus', await staff('POST', `/api/admin/subscriptions/${subscribed.subscription.id}/status`, { status: 'paused' }));
    await expectContract('customerPage', await staff('GET', `/api/admin/bookings/${booked.booking_id}/customer`));
    await expectContract('addCustomerNote', await staff('POST', `/api/admin/bookings/${booked.booking_id}/customer/notes`, { body: 'Leaves bags by the gate' }), 201);
    await expectContract('listInvoices', await staff('GET', '/api/admin/invoices?status=pending'));
    await expectContract('markInvoicePaid', await staff('POST', `/api/admin/invoices/${sent.invoice.id}/paid`));
    await expectContract('listSubscriptions', await staff('GET', '/api/admin/subscriptions'));
    // the Reports tab (decision 026): a month with the week's bookings in it
    await expectContract('getReport', await staff('GET', '/api/admin/reports?from=2026-11-01&to=2026-11-30'));
    // the Settings tab (decision 055)
    const settings = (await expectContract('getSettings', await staff('GET', '/api/admin/settings'))) as { version: number; settings: { schedule: unknown } };
    await expectContract('saveSettings', await staff('PUT', '/api/admin/settings', { section: 'schedule', version: settings.version, values: settings.settings.schedule }));
    await expectContract('openForBookings', await staff('POST', '/api/admin/settings/open', { version: settings.version }));
    // promo codes in Settings
    await expectContract('createPromoCode', await staff('POST', '/api/admin/promo-codes', { code: 'SPRING5', description: 'Spring', bagRateCents: 2500, waivesAddOns: false, firstTimeOnly: true, validFrom: null, validUntil: null, maxUses: 100, maxUsesPerCustomer: 1 }), 201);
    await expectContract('changePromoCode', await staff('POST', '/api/admin/promo-codes/SPRING5', { action: 'pause' }));
    await expectContract('listPromoCodes', await staff('GET', '/api/admin/promo-codes'));
    const unpaid = (await (await staff('POST', '/api/admin/invoices', { clientName: 'Beta', clientEmail: 'beta@example.com', dueDate: MONDAY, poundsTenths: 100 })).json()) as { invoice: { id: string } };
    const payToken = new URL(invoicePayUrl(ORIGIN, t.config.sessionSecret, unpaid.invoice.id)).searchParams.get('token')!;
    await expectContract('getPayableInvoice', await t.request(`/api/invoices/${unpaid.invoice.id}?token=${payToken}`));
    await expectContract('payInvoice', await t.request(`/api/invoices/${unpaid.invoice.id}/checkout`, { method: 'POST', json: { token: payToken } }));

    // the customer's final invoice, once weighed (docs/design.md 5.5)
    expect((await staff('POST', `/api/admin/bookings/${booked.booking_id}/weight`, { actualWeight: 14.2 })).status).toBe(200);
    const [weighed] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.booking_id));
    const link = new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, weighed!, now())!);
    const token = link.searchParams.get('token')!;
    await expectContract('getInvoice', await t.request(`/api/bookings/${booked.booking_id}/invoice?token=${token}`));
    await expectContract('approveInvoice', await t.request(`/api/bookings/${booked.booking_id}/invoice/approve`, { method: 'POST', json: { token, tipCents: 0 } }));
    await expectContract('questionInvoiceWeight', await t.request(`/api/bookings/${booked.booking_id}/invoice/question`, { method: 'POST', json: { token, note: 'Felt lighter' } }));
    // rating a delivered order from its delivery email's link (decision 063)
    const rated = await insertBooking(t.database.db, { bookingStatus: 'delivered', paymentStatus: 'paid', pickupDate: '2026-11-16', deliveryConfirmationSent: true });
    const rateToken = new URL(ratingUrl(ORIGIN, t.config.sessionSecret, rated.id, now())).searchParams.get('token')!;
    await expectContract('getRating', await t.request(`/api/bookings/${rated.id}/rating?token=${rateToken}`));
    await expectContract('rateOrder', await t.request(`/api/bookings/${rated.id}/rating`, { method: 'POST', json: { token: rateToken, stars: 4, comment: 'Crisp shirts' } }));
    // a gift card pays what is still due (decision 064), from the pay link and from the invoice link
    const due = { bookingStatus: 'completed', paymentStatus: 'paid', pickupDate: '2026-11-16', weightAdjustmentProcessed: true, actualWeightTenths: 300, pricePerPoundCents: 175, finalTotalAmount: 5250, authorizedAmount: 3150, capturedAmount: 3150, amountDueCents: 2100, giftCardAppliedCents: 0 } as const;
    const [owing, owingToo] = [await insertBooking(t.database.db, due), await insertBooking(t.database.db, due)];
    const payingCard = await insertGiftCard(t.database.db, { amount: 1000 });
    await expectContract('payDueFromGiftCard', await t.request(`/api/bookings/${owing.id}/amount-due/gift-card`, { method: 'POST', json: { token: payAmountDueToken(t.config.sessionSecret, owing.id), giftCardCode: payingCard.code } }));
    const owingToken = new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, owingToo, now())!).searchParams.get('token')!;
    await expectContract('payInvoiceDueFromGiftCard', await t.request(`/api/bookings/${owingToo.id}/invoice/gift-card`, { method: 'POST', json: { token: owingToken, giftCardCode: (await insertGiftCard(t.database.db, { amount: 5000 })).code } }));

    // the pro's payout and portal (decision 018)
    const [proRow] = await t.database.db.select().from(laundryPros).where(eq(laundryPros.id, pro.pro.id));
    await t.gateway.completeOnboarding(proRow!.stripeAccountId!);
    await staff('POST', `/api/admin/pros/${pro.pro.id}/connect-status`);
    await expectContract('payOutPro', await staff('POST', `/api/admin/pros/${pro.pro.id}/payouts`, { requestKey: 'contract-payout-1', expectedCents: 1065 }));
    await expectContract('listProPayouts', await staff('GET', `/api/admin/pros/${pro.pro.id}/payouts`));
    await expectContract('inviteProToPortal', await staff('POST', `/api/admin/pros/${pro.pro.id}/portal-invite`));
    const staffCall = Object.assign(async (method: string, path: string, body?: unknown) => {
      const res = await staff(method, path, body);
      return { status: res.status, json: (await res.json()) as Record<string, never> };
    }, { upload: () => Promise.reject(new Error('unused')), fetch: async (path: string) => staff('GET', path) });
    const { call: asPro } = await signInInvitedPro(t, ORIGIN, staffCall, { id: pro.pro.id, email: 'rosa@example.com' });
    const portal = await asPro.fetch('/api/pro/portal');
    const { earnings } = (await expectContract('proPortal', portal)) as { earnings: { assignmentId: string }[] };
    const answered = await asPro('POST', `/api/pro/assignments/${earnings[0]!.assignmentId}/step`, { step: 'delivered' });
    await expectContract('proAssignmentStep', new Response(JSON.stringify(answered.json), { status: answered.status }));
    // decision 041: a new sign-in email confirmed from its link, and the portal revoked
    const listed = (await expectContract('listLaundryPros', await staff('GET', '/api/admin/pros'))) as { pros: { id: string; name: string }[] };
    const rosa = listed.pros.find((p) => p.id === pro.pro.id)!;
    await expectContract('updateLaundryPro', await staff('PUT', `/api/admin/pros/${pro.pro.id}`, { name: rosa.name, email: 'rosa.new@example.com' }));
    const [confirm] = await t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'pro_email_confirm'), eq(outbox.recipient, 'rosa.new@example.com')));
    const emailToken = new URL(/https?:\/\/\S+confirm-email\?token=\S+/.exec((confirm!.payload as { text: string }).text)![0]).searchParams.get('token')!;
    await expectContract('confirmProEmail', await t.request('/api/pro-email/confirm', { method: 'POST', json: { token: emailToken } }));
    await expectContract('revokeProPortal', await staff('POST', `/api/admin/pros/${pro.pro.id}/portal-revoke`));
  });
});
