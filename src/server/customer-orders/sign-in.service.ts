// "My orders" sign-in (docs/design.md 9; decisions 021 and 037): a customer is the email or phone they
// booked with, and only a confirmed booking (paid, or confirmed free) says so: an unpaid one names
// nobody. A link asked for by email goes by email to the address on their latest confirmed
// booking (never to whatever was typed); one asked for by phone goes only by text, to that number,
// where a confirmed booking with it consented to texts and it has not said STOP. The answer never
// says whether the address is known. The link works once, for 15 minutes, and opens a 30-day
// session on that device for that address's orders only.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import { customerEmailKey, customerPhoneKey } from '../../shared/customer-identity';
import { customerSessionDays, signInLinkMinutes, signInLinkTerms } from '../../shared/link-lifetimes';
import { normalisePhone } from '../../shared/phone';
import { signInChannel } from '../../shared/schemas/customer-orders';
import type { Db, Tx } from '../db/client';
import { bookings, customerSessions, customerSignInLinks, smsOptOuts } from '../db/schema';
import { domainError } from '../error-catalogue';
import { queueEmail } from '../notifications/send-email';
import { enqueueSms } from '../notifications/outbox.service';
import { takeHitsUnder, type Limit } from '../rate-limit';


/** The answer to every request for a link by email, known address or not. */
export const signInLinkSentMessage =
  `If we have orders for that email address, a sign-in link is on its way. ${signInLinkTerms}`;

/**
 * The answer to every request for a link by phone, known number or not (decision 037): a link goes
 * to a phone only by text, so it says when none comes and what to do instead, for every number.
 */
export const signInTextSentMessage =
  `If that number booked with us and agreed to our texts, a sign-in link is on its way by text. ${signInLinkTerms} No text? Ask with the email address you booked with instead.`;

export type CustomerKey = { emailKey: string; phoneKey: null } | { emailKey: null; phoneKey: string };
export type SignInLimits = { perIp: Limit; perAddress: Limit; opensPerIp: Limit; changes: Limit };
/** now: the app's clock (links and sessions); limitNow: the limits' real time (rate-limit.ts). */
export type SignInContext = { publicUrl: string; limits: SignInLimits; ip: string | null; now: Date; limitNow: number };

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** The customer an address names: its email key, or its phone key. */
export function customerKeyOf(address: string): CustomerKey {
  return signInChannel(address) === 'email' ? { emailKey: customerEmailKey(address), phoneKey: null } : { emailKey: null, phoneKey: customerPhoneKey(address) };
}

function sameCustomer(key: CustomerKey) {
  return key.emailKey !== null ? eq(bookings.emailKey, key.emailKey) : eq(bookings.phoneKey, key.phoneKey);
}

/** The sign-in page's address: /orders?token=… (the page trades the token for a session at once). */
export function ordersSignInUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/orders?token=${encodeURIComponent(token)}`;
}

/** Sends a sign-in link to the customer behind this address, if there is one; answers the same either way. */
export async function requestSignInLink(db: Db, address: string, ctx: SignInContext): Promise<{ message: string }> {
  const key = customerKeyOf(address);
  const limitKey = key.emailKey !== null ? `email:${key.emailKey}` : `phone:${key.phoneKey}`;
  // docs/design.md 9: an anonymous write, limited per IP and per address
  await takeHitsUnder(db, [[ctx.limits.perIp, [ctx.ip]], [ctx.limits.perAddress, [limitKey]]], ctx.limitNow);
  // decision 037: only a confirmed booking names a customer; an unpaid one anyone could have made
  const booked = and(sameCustomer(key), isNotNull(bookings.confirmedAt));
  if (key.emailKey !== null) {
    const [latest] = await db.select({ email: bookings.email }).from(bookings).where(booked).orderBy(desc(bookings.createdAt)).limit(1);
    if (latest) await sendLink(db, key, ctx, (tx, url, dedupeKey) => queueEmail(tx, 'ordersSignInLink', { url, minutes: signInLinkMinutes, sessionDays: customerSessionDays }, { to: latest.email, dedupeKey }));
    return { message: signInLinkSentMessage };
  }
  // a phone gets its link by text or not at all (spec: customer-site 7, texts only to a number
  // that consented and has not said STOP); never by an email some booking put beside it
  const [consented] = await db
    .select({ phone: bookings.phone })
    .from(bookings)
    .where(and(booked, eq(bookings.smsConsent, true)))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  if (!consented) return { message: signInTextSentMessage };
  const phone = normalisePhone(consented.phone);
  const [optedOut] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  if (optedOut) return { message: signInTextSentMessage };
  await sendLink(db, key, ctx, (tx, url, dedupeKey) =>
    enqueueSms(tx, { dedupeKey, kind: 'orders_sign_in_sms', to: phone, text: `your sign-in link to see your orders (works once, ${signInLinkMinutes} min): ${url}` }),
  );
  return { message: signInTextSentMessage };
}

/** Stores a new link for this customer and hands its address to `send`, in one transaction. */
async function sendLink(db: Db, key: CustomerKey, ctx: SignInContext, send: (tx: Tx, url: string, dedupeKey: string) => Promise<unknown>) {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.insert(customerSignInLinks).values({ tokenHash: hash(token), ...key, expiresAt: new Date(ctx.now.getTime() + signInLinkMinutes * 60_000) });
    await send(tx, ordersSignInUrl(ctx.publicUrl, token), `orders-sign-in:${hash(token).slice(0, 32)}`);
  });
}

/**
 * Trades a sign-in link's token for a session: once, before it expires. Answers the session's
 * token for the cookie. Any fault of the link answers the same refusal.
 */
export async function openCustomerSession(db: Db, token: string, ctx: SignInContext): Promise<{ sessionToken: string; expiresAt: Date }> {
  await takeHitsUnder(db, [[ctx.limits.opensPerIp, [ctx.ip]]], ctx.limitNow);
  const sessionToken = newToken();
  const expiresAt = new Date(ctx.now.getTime() + customerSessionDays * 86_400_000);
  const opened = await db.transaction(async (tx) => {
    // one statement takes the link: two requests with it at once open one session
    const [link] = await tx
      .update(customerSignInLinks)
      .set({ usedAt: ctx.now })
      .where(and(eq(customerSignInLinks.tokenHash, hash(token)), isNull(customerSignInLinks.usedAt), gt(customerSignInLinks.expiresAt, ctx.now)))
      .returning({ emailKey: customerSignInLinks.emailKey, phoneKey: customerSignInLinks.phoneKey });
    if (!link) return false;
    await tx.insert(customerSessions).values({ tokenHash: hash(sessionToken), emailKey: link.emailKey, phoneKey: link.phoneKey, expiresAt });
    // spent and lapsed links and sessions go with the next sign-in
    await tx.delete(customerSignInLinks).where(lt(customerSignInLinks.expiresAt, new Date(ctx.now.getTime() - 86_400_000)));
    await tx.delete(customerSessions).where(lt(customerSessions.expiresAt, ctx.now));
    return true;
  });
  if (!opened) throw domainError('orders_link_invalid');
  return { sessionToken, expiresAt };
}

/** The customer a session's cookie opens, or null (none, unknown, expired). */
export async function customerOfSession(db: Db, sessionToken: string | undefined, now: Date): Promise<CustomerKey | null> {
  if (!sessionToken || sessionToken.length > 100) return null;
  const [session] = await db
    .select({ emailKey: customerSessions.emailKey, phoneKey: customerSessions.phoneKey })
    .from(customerSessions)
    .where(and(eq(customerSessions.tokenHash, hash(sessionToken)), gt(customerSessions.expiresAt, now)));
  if (!session) return null;
  return session.emailKey !== null ? { emailKey: session.emailKey, phoneKey: null } : { emailKey: null, phoneKey: session.phoneKey! };
}

/** Signs this device out: its session ends now. */
export async function endCustomerSession(db: Db, sessionToken: string | undefined): Promise<void> {
  if (!sessionToken || sessionToken.length > 100) return;
  await db.delete(customerSessions).where(eq(customerSessions.tokenHash, hash(sessionToken)));
}

/** Every booking of this customer (by the key the session was opened for). */
export function customerBookings(key: CustomerKey) {
  return sameCustomer(key);
}

/** A booking id belongs to this customer. */
export function customerOwns(key: CustomerKey, bookingId: string) {
  return and(eq(bookings.id, bookingId), sameCustomer(key));
}

/** Retention (decision 061): customers' sessions and sign-in links expired a day or more ago go. */
export async function pruneExpiredCustomerSessions(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 86_400_000);
  const sessions = await db.delete(customerSessions).where(lt(customerSessions.expiresAt, before)).returning({ id: customerSessions.id });
  const links = await db.delete(customerSignInLinks).where(lt(customerSignInLinks.expiresAt, before)).returning({ id: customerSignInLinks.id });
  return sessions.length + links.length;
}
