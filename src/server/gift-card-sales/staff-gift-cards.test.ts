// The back office's Gift Cards view (beyond the spec; docs/design.md 9): admins and master admins list
// the cards with their codes masked but the last 4, send a card's email again (audited), and read
// the sales as their own figure, not revenue (docs/decisions/015). No staff answer carries a code:
// not the list, not the outbox.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { payLocalCheckout, signInOwner, staffCall, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { contracts } from '../../shared/api';
import { createAdmin } from '../admins/admins.service';
import { auditLog, giftCards, outbox, user } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';

const ORIGIN = 'http://localhost:3000';
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('staff and gift cards (%s)', (kind) => {
  let t: TestContext;
  let owner: StaffCall;
  let admin: StaffCall;
  let sold: typeof giftCards.$inferSelect;
  let given: typeof giftCards.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now });
    owner = await signInOwner(t, ORIGIN);
    // a plain admin, signed in the same way
    const created = await createAdmin(t.database.db, t.auth, { email: 'admin@example.com', fullName: 'Plain Admin', role: 'admin' }, null);
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.userId));
    const signIn = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: 'admin@example.com', password: created.temporaryPassword }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    admin = staffCall(t, ORIGIN, cookie);
    // one card issued otherwise (no checkout, no recipient email), then one bought for $75
    given = await insertGiftCard(t.database.db, { amount: 2000, recipientEmail: null, purchaserEmail: null });
    const bought = await t.request('/api/gift-cards/purchase', {
      method: 'POST',
      json: { amount: 75, purchaser_email: 'buyer@example.com', recipient_name: 'Sam Lee', recipient_email: 'sam@example.com', message: '', terms_accepted: true },
    });
    const { url, session_id } = (await bought.json()) as { url: string; session_id: string };
    await payLocalCheckout(t, url);
    const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.stripeSessionId, session_id));
    sold = card!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the cards newest first with codes masked but the last 4; admins and master admins alike', async () => {
    for (const who of [owner, admin]) {
      const res = await who('GET', '/api/admin/gift-cards');
      expect(res.status).toBe(200);
      expect(z.safeParse(contracts.listStaffGiftCards.response, res.json).success).toBe(true);
      expect(res.json).toMatchObject({ total: 2, page: 1, pageSize: 25 });
      expect(res.json.giftCards.map((c: { id: string }) => c.id)).toEqual([sold.id, given.id]);
      expect(res.json.giftCards[0]).toEqual({
        id: sold.id,
        maskedCode: `••••••••${sold.code.slice(-4)}`,
        amountCents: 7500,
        balanceCents: 7500,
        purchaserEmail: 'buyer@example.com',
        recipientName: 'Sam Lee',
        recipientEmail: 'sam@example.com',
        createdAt: sold.createdAt.toISOString(),
        sold: true,
      });
      expect(res.json.giftCards[1]).toMatchObject({ sold: false, amountCents: 2000 });
      const text = JSON.stringify(res.json);
      for (const code of [sold.code, given.code]) expect(text).not.toContain(code.slice(0, 8));
    }
    expect((await owner('GET', '/api/admin/gift-cards?page=2')).json).toMatchObject({ giftCards: [], total: 2, page: 2 });
    for (const page of ['0', 'abc', '1.5']) expect((await owner('GET', `/api/admin/gift-cards?page=${page}`)).status).toBe(400);
  });

  it('signed out: 401 for the list and the resend, and nothing is sent', async () => {
    const before = await t.database.db.select().from(outbox);
    expect((await t.request('/api/admin/gift-cards')).status).toBe(401);
    const resend = await t.request(`/api/admin/gift-cards/${sold.id}/resend`, { method: 'POST', headers: { origin: ORIGIN } });
    expect(resend.status).toBe(401);
    expect(await t.database.db.select().from(outbox)).toHaveLength(before.length);
  });

  it('sends the card to its recipient again (audited, no code in the answer or the audit); refuses an unknown card and one with no recipient', async () => {
    const res = await admin('POST', `/api/admin/gift-cards/${sold.id}/resend`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'The gift card email is queued again for sam@example.com.' });
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'gift_card'));
    expect(sent.map((m) => m.recipient)).toEqual(['sam@example.com', 'sam@example.com']);
    expect((sent[1]!.payload as { text: string }).text).toContain(sold.code);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'gift_card.email_resent'));
    expect(entry).toMatchObject({ actorEmail: 'admin@example.com', targetType: 'gift_card', targetId: sold.id });
    expect(JSON.stringify(entry)).not.toContain(sold.code);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-card', sold.code]) {
      const missing = await owner('POST', `/api/admin/gift-cards/${id}/resend`);
      expect(missing.status).toBe(404);
      expect(missing.json.error.message).toBe('Gift card not found.');
    }
    const none = await owner('POST', `/api/admin/gift-cards/${given.id}/resend`);
    expect(none.status).toBe(409);
    expect(none.json.error.message).toBe('This gift card has no recipient email to send it to.');
  });

  it("the Outbox tab hides the card's code in every field; the development mail view (the recipient's inbox) shows it", async () => {
    const res = await admin('GET', '/api/admin/outbox?page=1');
    expect(res.status).toBe(200);
    const giftEmails = res.json.messages.filter((m: { kind: string }) => m.kind === 'gift_card');
    expect(giftEmails.length).toBeGreaterThan(0);
    expect(giftEmails[0].preview).toContain('[gift card code hidden');
    expect(JSON.stringify(res.json)).not.toContain(sold.code);
    const [stored] = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'gift_card')).limit(1);
    const page = await t.app.request(`/dev/mail/${stored!.id}`);
    expect(await page.text()).toContain(sold.code);
  });

  it('the dashboard shows gift-card sales apart: only cards sold at a checkout, and never as revenue', async () => {
    const stats = await admin('GET', '/api/admin/stats');
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({ giftCardSalesCents: 7500, totalRevenueCents: 0 });
  });
});
