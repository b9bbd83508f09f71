// What the API tests do as people do it: the owner signs in to the back office, a customer pays a
// local checkout with a test card. One place, so the test files stop repeating the steps.
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createFirstMasterAdmin } from '../../src/server/admins/admins.service';
import { outbox, user } from '../../src/server/db/schema';
import type { TestContext } from './test-app';

export const testCards = { ok: '4242 4242 4242 4242', failsLater: '4000 0000 0000 0341', needsAuthentication: '4000 0025 0000 3155' };

type Answer = { status: number; json: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
export type StaffCall = ((method: string, path: string, body?: unknown) => Promise<Answer>) & {
  /** A file as the request body (the scale photo), with its content type. */
  upload: (path: string, bytes: Uint8Array, contentType: string) => Promise<Answer>;
  /** A plain GET whose answer is not JSON (an image). */
  fetch: (path: string) => Promise<Response>;
};

/** The first master admin, signed in with a password already changed: a call as them. */
export async function signInOwner(t: TestContext, origin: string, email = 'owner@example.com'): Promise<StaffCall> {
  const created = await createFirstMasterAdmin(t.database.db, t.auth, { email });
  await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.userId));
  const res = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: created.temporaryPassword }),
  });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return staffCall(t, origin, cookie);
}

/** Calls as the staff member whose session cookie this is. */
export function staffCall(t: TestContext, origin: string, cookie: string): StaffCall {
  const answer = async (r: Response): Promise<Answer> => ({ status: r.status, json: (await r.json()) as Answer['json'] });
  const call = async (method: string, path: string, body?: unknown) =>
    answer(
      await t.app.request(path, {
        method,
        headers: { cookie, origin, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
  return Object.assign(call, {
    upload: async (path: string, bytes: Uint8Array, contentType: string) =>
      answer(await t.app.request(path, { method: 'PUT', headers: { cookie, origin, 'content-type': contentType }, body: new Uint8Array(bytes) })),
    fetch: async (path: string) => t.app.request(path, { headers: { cookie, origin } }),
  });
}

/** Pays a local checkout (its URL) with a test card, as the customer on the checkout page; the gateway's events are delivered. */
export async function payLocalCheckout(t: TestContext, checkoutUrl: string, card = testCards.ok): Promise<{ sessionId: string; redirect: string }> {
  const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
  const paid = await t.app.request(`/dev/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: card, expiry: '12/30', cvc: '123', zip: '29070' }).toString(),
  });
  expect(paid.status).toBe(303);
  await t.gateway.flushEvents();
  return { sessionId, redirect: paid.headers.get('location') ?? '' };
}

/**
 * A laundry pro invited to the pro portal by staff and signed in (decision 018): the invitation's
 * one-time link is read from the pro's own stored email, as only the pro could, and a password set
 * through it. Answers a call as the pro and the raw link.
 */
export async function signInInvitedPro(t: TestContext, origin: string, staff: StaffCall, pro: { id: string; email: string }, password = 'pro-password-123') {
  const invited = await staff('POST', `/api/admin/pros/${pro.id}/portal-invite`);
  expect(invited.status).toBe(200);
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'pro_password_link'), eq(outbox.recipient, pro.email)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const link = (mail!.payload as { text: string }).text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/[A-Za-z0-9_-]+\?\S+/)![0];
  const token = new URL(link).pathname.split('/').pop()!;
  const set = await t.app.request('/api/auth/reset-password', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ token, newPassword: password }) });
  expect(set.status).toBe(200);
  const res = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: pro.email, password }) });
  expect(res.status).toBe(200);
  return { call: staffCall(t, origin, (res.headers.get('set-cookie') ?? '').split(';')[0]!), link };
}

/**
 * A customer signed in to "Your orders" (decision 021): asks for the link as `address`, reads it
 * from the message to `to` in the outbox (an email, or a text to a phone: decision 037), opens it;
 * the session cookie for their next requests.
 */
export async function signInToOrders(t: TestContext, origin: string, address: string, to: string): Promise<string> {
  expect((await t.request('/api/orders/sign-in-link', { method: 'POST', json: { address }, headers: { origin } })).status).toBe(200);
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.kind, to.includes('@') ? 'orders_sign_in_link' : 'orders_sign_in_sms')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const payload = mail!.payload as { text?: string; body?: string };
  const text = payload.text ?? payload.body!;
  const token = new URL(/https?:\/\/\S+\/orders\?token=\S+/.exec(text)![0]).searchParams.get('token')!;
  const opened = await t.request('/api/orders/session', { method: 'POST', json: { token }, headers: { origin } });
  expect(opened.status).toBe(200);
  return (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
}
