// Buying a gift card end to end through the API (spec: customer-site 2, 4, 7; docs/design.md 5.6): the
// local checkout pays, the gateway's word issues the card once with its two emails, the success
// page learns how it went (never the code), and the code pays for a booking.
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookingFormInput } from '../bookings/booking.factory';
import { checkouts, giftCards, outbox } from '../db/schema';
import { GatewayError } from '../gateways/payment/payment-gateway';
import { signPayload } from '../gateways/payment/webhook-signature';
import { giftCardAlphabet } from '../gift-cards/gift-cards.service';
import { webhookPath } from '../payments/payments.routes';

// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const MONDAY = '2026-11-23';
const declinedCard = '4000 0000 0000 0002';
const codePattern = new RegExp(`^[${giftCardAlphabet}]{12}$`);

const purchaseForm = (overrides: Record<string, unknown> = {}) => ({
  amount: 60,
  purchaser_email: 'buyer@example.com',
  recipient_name: 'Sam Lee',
  recipient_email: 'sam@example.com',
  message: 'Happy birthday!',
  terms_accepted: true,
  ...overrides,
});

type Event = { raw: string; signature: string; type: string; objectId: string };

describe.each(testDatabaseKinds)('buying a gift card (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function buy(overrides: Record<string, unknown> = {}) {
    const res = await t.request('/api/gift-cards/purchase', { method: 'POST', json: purchaseForm(overrides) });
    const body = (await res.json()) as { url: string; session_id: string };
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body;
  }
  const lookup = async (sessionId: string) => {
    const res = await t.request(`/api/gift-cards/purchase/${sessionId}`);
    const text = await res.text();
    return { status: res.status, text, json: JSON.parse(text) as Record<string, unknown> };
  };
  const cardsOf = (sessionId: string) => t.database.db.select().from(giftCards).where(eq(giftCards.stripeSessionId, sessionId));
  const emailsOf = (cardId: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.dedupeKey, [`gift-card:${cardId}:recipient`, `gift-card:${cardId}:receipt`]));
  const giftCardEmailCount = async () => (await t.database.db.select({ n: count() }).from(outbox).where(inArray(outbox.kind, ['gift_card', 'gift_card_receipt'])))[0]!.n;

  it('$60 paid with 4242: one card of $60 with its two emails; the code then takes $60 off a booking', async () => {
    const { url, session_id } = await buy();
    expect(url).toBe(`${t.config.publicUrl}/dev/checkout/${session_id}`);
    const [recorded] = await t.database.db.select().from(checkouts).where(eq(checkouts.sessionId, session_id));
    expect(recorded?.purpose).toBe('gift_card_purchase');
    expect((await lookup(session_id)).json).toMatchObject({ status: 'not_paid', amount_cents: 6000, recipient_name: 'Sam Lee' });

    const { redirect } = await payLocalCheckout(t, url);
    expect(redirect).toBe(`${t.config.publicUrl}/gift-card-success?session_id=${session_id}`);
    const cards = await cardsOf(session_id);
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(card).toMatchObject({ id: recorded!.subjectId, amount: 6000, balance: 6000, purchaserEmail: 'buyer@example.com', recipientName: 'Sam Lee', recipientEmail: 'sam@example.com', message: 'Happy birthday!' });
    expect(card.code).toMatch(codePattern);

    const emails = await emailsOf(card.id);
    expect(emails.map((e) => [e.kind, e.recipient]).sort()).toEqual([
      ['gift_card', 'sam@example.com'],
      ['gift_card_receipt', 'buyer@example.com'],
    ]);
    const toRecipient = emails.find((e) => e.kind === 'gift_card')!;
    const receipt = emails.find((e) => e.kind === 'gift_card_receipt')!;
    const textOf = (e: typeof toRecipient) => (e.payload as { text: string }).text;
    for (const fact of [card.code, '$60.00', 'Happy birthday!', 'buyer@example.com', `${t.config.publicUrl}/book`, 'Never']) expect(textOf(toRecipient)).toContain(fact);
    for (const fact of ['$60.00', 'Sam Lee', 'sam@example.com']) expect(textOf(receipt)).toContain(fact);
    expect(JSON.stringify(receipt)).not.toContain(card.code);
    expect(toRecipient.subject).not.toContain(card.code);

    // the success page: issued, the shortened transaction id, never the code
    const status = await lookup(session_id);
    expect(status.json).toEqual({ status: 'issued', amount_cents: 6000, recipient_name: 'Sam Lee', transaction: `${session_id.slice(0, 8)}...${session_id.slice(-6)}` });
    expect(status.text).not.toContain(card.code);

    // redeemable at once: the check answers its balance, a booking of $63 takes all $60 of it
    const checked = await t.request('/api/gift-cards/validate', { method: 'POST', json: { giftCardCode: card.code.toLowerCase() } });
    expect(await checked.json()).toMatchObject({ valid: true, balance: 6000, amount: 6000 });
    const booked = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate: MONDAY, bagQuantity: 2 }), giftCardCode: card.code } });
    expect(booked.status).toBe(201);
    expect(((await booked.json()) as { quote: unknown }).quote).toMatchObject({ subtotalCents: 6300, giftCardDiscountCents: 6000, totalCents: 300 });
    expect((await cardsOf(session_id))[0]!.balance).toBe(0);
  });

  it('signed with a name and sent on a chosen day: the card says who it is from, and its email waits for 8 AM that day', async () => {
    // now is Sunday 22 November 2026, 10:00 in South Carolina; Christmas morning is 13:00Z (EST)
    const { url, session_id } = await buy({ sender_name: 'Ada Lovelace', deliver_on: '2026-12-25' });
    await payLocalCheckout(t, url, '4242 4242 4242 4242');
    const [card] = await cardsOf(session_id);
    expect(card).toMatchObject({ senderName: 'Ada Lovelace', deliverOn: '2026-12-25' });
    const emails = await emailsOf(card!.id);
    const toRecipient = emails.find((e) => e.kind === 'gift_card')!;
    const receipt = emails.find((e) => e.kind === 'gift_card_receipt')!;
    expect(toRecipient.nextAttemptAt.toISOString()).toBe('2026-12-25T13:00:00.000Z');
    expect((toRecipient.payload as { text: string }).text).toContain('Ada Lovelace sent you a $60.00 gift card');
    expect((toRecipient.payload as { text: string }).text).toMatch(/From:?\s+Ada Lovelace \(buyer@example\.com\)/);
    // the receipt goes at once, and says when the card will arrive
    expect(receipt.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((receipt.payload as { text: string }).text).toContain('on Friday, December 25, 2026, the day you chose');

    // today is the same as at once; yesterday or more than a year ahead is refused with its sentence, and nothing opens
    const today = await buy({ deliver_on: '2026-11-22' });
    await payLocalCheckout(t, today.url, '4242 4242 4242 4242');
    expect((await cardsOf(today.session_id))[0]).toMatchObject({ deliverOn: null, senderName: null });
    for (const day of ['2026-11-21', '2027-11-24']) {
      const res = await t.request('/api/gift-cards/purchase', { method: 'POST', json: purchaseForm({ deliver_on: day }) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.deliver_on).toBe('Choose a delivery date from today to a year from now.');
    }
  });

  it('a declined card, a checkout left with Cancel and one that lapsed: no card, no email, the success page says not paid', async () => {
    const before = await giftCardEmailCount();
    const declined = await buy({ amount: 30 });
    const paid = await t.app.request(`/dev/checkout/${declined.session_id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: declinedCard, expiry: '12/30', cvc: '123', zip: '29070' }).toString(),
    });
    expect(paid.status).toBe(402);

    const left = await buy({ amount: 100 });
    const cancelled = await t.app.request(`/dev/checkout/${left.session_id}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${t.config.publicUrl}/gift-card-cancelled?session_id=${left.session_id}`);

    const lapsed = await buy({ amount: 45 });
    await t.gateway.expireCheckout(lapsed.session_id); // Stripe's 30 minutes
    await t.gateway.flushEvents();
    // a lapsed checkout cannot be paid any more
    const late = await t.gateway.pay(lapsed.session_id, { number: '4242424242424242', expiry: '12/30', cvc: '123', zip: '29070' });
    expect(late.outcome).not.toBe('paid');

    for (const { session_id } of [declined, left, lapsed]) {
      expect(await cardsOf(session_id)).toEqual([]);
      const status = await lookup(session_id);
      expect(status.status).toBe(200);
      expect(status.json.status).toBe('not_paid');
    }
    expect(await giftCardEmailCount()).toBe(before);
  });

  it('a replayed event, the same event twice at once and the success page meanwhile: one card, one pair of emails', async () => {
    const events: Event[] = [];
    t.gateway.setDelivery(async (raw, signature) => {
      const parsed = JSON.parse(raw) as { type: string; data: { object: { id: string } } };
      events.push({ raw, signature, type: parsed.type, objectId: parsed.data.object.id });
    });
    const deliver = async (e: Event) => {
      const res = await t.app.request(webhookPath, { method: 'POST', body: e.raw, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { outcome: string }).outcome;
    };
    try {
      /** A purchase paid at the gateway whose events are held back: they are delivered below. */
      const pay = async () => {
        events.length = 0;
        const { session_id } = await buy();
        expect((await t.gateway.pay(session_id, { number: '4242424242424242', expiry: '12/30', cvc: '123', zip: '29070' })).outcome).toBe('paid');
        await t.gateway.flushEvents();
        expect(await cardsOf(session_id)).toEqual([]);
        return { sessionId: session_id, completed: events.find((e) => e.type === 'checkout.session.completed')!, all: [...events] };
      };

      // replayed: the same signed event three times, one after another
      const first = await pay();
      expect([await deliver(first.completed), await deliver(first.completed), await deliver(first.completed)]).toEqual(['confirmed', 'duplicate', 'duplicate']);
      const [card] = await cardsOf(first.sessionId);
      expect(await cardsOf(first.sessionId)).toHaveLength(1);
      expect(await emailsOf(card!.id)).toHaveLength(2);

      // concurrent: the same event twice, every event of the payment and the success page, all at once
      const second = await pay();
      const again = second.completed;
      const [one, two, ...rest] = await Promise.all([deliver(again), deliver(again), ...second.all.map(deliver), lookup(second.sessionId).then((r) => r.json.status as string)]);
      expect([one, two, ...rest].filter((o) => o === 'confirmed')).toHaveLength([one, two, ...rest].includes('confirmed') ? 1 : 0);
      expect(rest.at(-1)).toBe('issued');
      const issued = await cardsOf(second.sessionId);
      expect(issued).toHaveLength(1);
      expect(issued[0]).toMatchObject({ amount: 6000, balance: 6000 });
      expect(await emailsOf(issued[0]!.id)).toHaveLength(2);
      // the same session under a new event id (the gateway sending again): still the one card
      const resent = JSON.parse(again.raw) as { id: string };
      const raw = JSON.stringify({ ...resent, id: `${resent.id}_again` });
      expect(await deliver({ ...again, raw, signature: signPayload(t.config.localWebhookSecret, raw) })).toBe('already');
      expect(await emailsOf(issued[0]!.id)).toHaveLength(2);
    } finally {
      // back to the app's own webhook, as createApp wired it
      t.gateway.setDelivery(async (raw, signature) => {
        await t.app.request(webhookPath, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
      });
    }
  });

  it("the success page: an unknown session, a booking's session and garbage are 404 with a sentence; the event late is applied by asking", async () => {
    const booked = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate: MONDAY }) } });
    const bookingSession = new URL(((await booked.json()) as { url: string }).url).pathname.split('/').pop()!;
    for (const id of ['cs_test_unknown0000000000', bookingSession, 'not%20a%20session', 'x'.repeat(300)]) {
      const res = await lookup(id);
      expect(res.status, id).toBe(404);
      expect(res.json).toEqual({ error: { code: expect.any(String), message: 'We could not find this gift card purchase. Please check the link, or call us.' } });
    }
    // the webhook never came: the page asks the gateway itself and the card is issued then, once
    t.gateway.setDelivery(async () => {});
    try {
      const { session_id, url } = await buy({ amount: 25, recipient_name: 'Ada' });
      await payLocalCheckout(t, url);
      expect(await cardsOf(session_id)).toEqual([]);
      const status = await lookup(session_id);
      expect(status.json).toMatchObject({ status: 'issued', amount_cents: 2500, recipient_name: 'Ada' });
      const [card] = await cardsOf(session_id);
      expect(status.text).not.toContain(card!.code);
      expect((await lookup(session_id)).json.status).toBe('issued');
      expect(await emailsOf(card!.id)).toHaveLength(2);
    } finally {
      t.gateway.setDelivery(async (raw, signature) => {
        await t.app.request(webhookPath, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
      });
    }
  });

  it('the gateway refusing to open the checkout: 409 with the spec sentence, nothing recorded', async () => {
    const refusing = await createTestApp(kind, {}, {
      now,
      // as Stripe would be: no local checkout pages, no delivery of its own
      gateway: {
        ...t.gateway,
        kind: 'stripe',
        createCheckout: async () => {
          throw new GatewayError('Your account cannot currently make live charges.', 'account_invalid');
        },
      },
    });
    try {
      const res = await refusing.request('/api/gift-cards/purchase', { method: 'POST', json: purchaseForm() });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Failed to create gift card payment. Please try again.');
      expect(await refusing.database.db.select().from(checkouts).where(eq(checkouts.purpose, 'gift_card_purchase'))).toEqual([]);
    } finally {
      await refusing.close();
    }
  });
});
