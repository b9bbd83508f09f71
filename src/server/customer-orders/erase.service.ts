// "Delete my data" (decision 022): a customer with nothing open (every order delivered or
// cancelled, no hold on their card, nothing owed, no unpaid invoice or running subscription)
// erases what the business keeps about them, in one transaction. Their orders stay as the
// business's record of money (amounts, dates, statuses, payment references, the town and ZIP code for sales
// tax) without name, email, phone, street address, notes or preferences; their texts' consents,
// contact messages, staff notes on them, mail and texts sent to them, and every session and
// sign-in link go. What they opted out of texts stays (the law asks us to keep not texting them).
import { eq, inArray, or } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { customerEmailKey } from '../../shared/customer-identity';
import { forgetCustomerDetails, recordAudit } from '../audit/record-audit';
import { erasedKey } from '../booking-records/erased-keys';
import { forgetStopPhotos } from '../booking-records/stop-photos';
import type { FileStore } from '../gateways/files/file-store';
import type { Db } from '../db/client';
import { bookingRatings, bookings, contactMessages, customerNotes, customerSessions, customerSignInLinks, giftCards, outbox, pickupSeries, smsConsents } from '../db/schema';
import { domainError } from '../error-catalogue';
import { businessReach } from '../settings/settings.service';
import { queueEmail } from '../notifications/send-email';
import { limitCustomerChanges, type CustomerChangeContext } from './details.service';
import { addressesOf, emailIn, hasOpenBilling, keepsDataOpen } from './order-rules';
import { customerBookings, type CustomerKey } from './sign-in.service';

/** What an erased order says in place of its customer's name and email. */
export const erasedName = 'Deleted customer';
export const erasedEmail = 'deleted-customer@erased.invalid';

export async function eraseCustomer(db: Db, files: FileStore, key: CustomerKey, ctx: CustomerChangeContext) {
  await limitCustomerChanges(db, key, ctx);
  const { mailed, photoKeys } = await db.transaction(async (tx) => {
    const rows = await tx.select().from(bookings).where(customerBookings(key)).for('update');
    if (rows.length === 0) throw domainError('order_not_found');
    const open = rows.filter(keepsDataOpen);
    if (open.length) throw domainError('erase_open_orders', { confirmations: open.map((b) => confirmationNumber(b.id)), phone: (await businessReach(tx)).phone });
    // their other records go by the addresses that are theirs, never by one an unpaid booking named (decision 037)
    const { emails, phones, emailKeys, phoneKeys, mailTo } = addressesOf(rows, key);
    // money the business is still owed, or will bill, outside the orders: staff settle it first
    if (await hasOpenBilling(tx, emails)) throw domainError('erase_invoices_open', { phone: (await businessReach(tx)).phone });

    const ids = rows.map((b) => b.id);
    for (const b of rows) {
      await tx
        .update(bookings)
        .set({
          name: erasedName,
          email: erasedEmail,
          phone: '',
          address: '',
          specialInstructions: '',
          allergies: '',
          specialCareInstructions: '',
          weightQuestion: null,
          smsConsent: false,
          clientIp: null,
          emailKey: erasedKey('email', b.emailKey),
          phoneKey: erasedKey('phone', b.phoneKey),
          updatedAt: ctx.now,
        })
        .where(eq(bookings.id, b.id));
    }
    await tx.delete(smsConsents).where(inArray(smsConsents.bookingId, ids));
    // their ratings' stars stay with the orders, their words go (decision 063)
    await tx.update(bookingRatings).set({ comment: null }).where(inArray(bookingRatings.bookingId, ids));
    // the photos of their doors (decision 057): the rows now, the files once this commits
    const photoKeys = await forgetStopPhotos(tx, ids);
    // their regular pick-ups (decision 024) hold their details: they end with them
    await tx.delete(pickupSeries).where(or(emailKeys.length ? inArray(pickupSeries.emailKey, emailKeys) : undefined, phoneKeys.length ? inArray(pickupSeries.phoneKey, phoneKeys) : undefined));
    await tx.delete(outbox).where(or(inArray(outbox.bookingId, ids), emailIn(outbox.recipient, [...emails, ...phones])));
    const messages = await tx.select({ id: contactMessages.id, email: contactMessages.email }).from(contactMessages).where(emailIn(contactMessages.email, emails));
    const theirs = messages.filter((m) => emailKeys.includes(customerEmailKey(m.email))).map((m) => m.id);
    if (theirs.length) await tx.delete(contactMessages).where(inArray(contactMessages.id, theirs));
    if (emailKeys.length) await tx.delete(customerNotes).where(inArray(customerNotes.emailKey, emailKeys));
    const sessionsOf = <T extends typeof customerSessions | typeof customerSignInLinks>(t: T) =>
      or(emailKeys.length ? inArray(t.emailKey, emailKeys) : undefined, phoneKeys.length ? inArray(t.phoneKey, phoneKeys) : undefined);
    await tx.delete(customerSessions).where(sessionsOf(customerSessions));
    await tx.delete(customerSignInLinks).where(sessionsOf(customerSignInLinks));
    // gift cards they bought stay their recipients'; only who bought them goes
    await tx.update(giftCards).set({ purchaserEmail: null }).where(emailIn(giftCards.purchaserEmail, emails));
    // the audit log's entries that hold their own words or details
    await forgetCustomerDetails(tx, ids);
    await recordAudit(tx, null, { action: 'customer.erased', targetType: 'customer', targetId: null, after: { orders: rows.length, by: 'customer' }, ip: ctx.ip });
    // the one message kept: the confirmation they asked for, to the address they last booked with
    if (mailTo) await queueEmail(tx, 'customerDataErased', { name: mailTo.name, orders: rows.length }, { to: mailTo.email, dedupeKey: `customer-erased:${mailTo.id}`, bookingId: null });
    return { mailed: Boolean(mailTo), photoKeys };
  });
  for (const key of photoKeys) await files.delete(key);
  return { erased: true as const, message: `Your details are deleted and you are signed out.${mailed ? ' We emailed you a confirmation.' : ''}` };
}

