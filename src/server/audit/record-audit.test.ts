// The one writer of the audit log (decision 048): what the compiler refuses at a call site, what a
// row holds once written (`npx tsc --noEmit` checks the refusals below: each `@ts-expect-error`
// fails the typecheck if the line it stands on ever compiles), and the erasure of a customer's details.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../../tests/helpers/test-app';
import { insertBooking } from '../bookings/booking.factory';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditEventOf } from './audit-events';
import { deletedBookingDetails, forgetCustomerDetails, pickFields, recordAudit, type Actor, type OnlyRecordedFields } from './record-audit';

/** Never called: the calls a typecheck must refuse, each for the reason its comment gives. */
export async function refusedAtCompileTime(tx: DbOrTx, actor: Actor) {
  // @ts-expect-error an action the table does not have
  await recordAudit(tx, actor, { action: 'booking.teleported', targetType: 'booking', targetId: 'b' });
  // @ts-expect-error a field in the details the action does not record
  await recordAudit(tx, actor, { action: 'booking.receipt_sent', targetType: 'booking', targetId: 'b', after: { to: 'a@example.com', finalTotalCents: 100, token: 't' } });
  const after = { to: 'a@example.com', finalTotalCents: 100, resetLink: 'https://example.com/reset/t' };
  // @ts-expect-error the same, in a value built before the call
  await recordAudit(tx, actor, { action: 'booking.receipt_sent', targetType: 'booking', targetId: 'b', after });
  const assignments = [{ assignmentId: 'a', amountCents: 100, sourceCharge: null, accountId: 'acct_1' }];
  // @ts-expect-error a field deeper down: an item of a payout
  await recordAudit(tx, actor, { action: 'laundry_pro.payout', targetType: 'laundry_pro', targetId: 'p', after: { payoutId: 'x', amountCents: 100, assignments } });
  // @ts-expect-error details of an action that records none
  await recordAudit(tx, actor, { action: 'admin.reset_password', targetType: 'admin', targetId: 'a', after: { temporaryPassword: 'x' } });
  // @ts-expect-error a field missing: the email the reset was asked for
  await recordAudit(tx, null, { action: 'auth.password_reset_requested', targetType: 'admin', targetId: null, after: {} });
  // @ts-expect-error the wrong kind of target
  await recordAudit(tx, actor, { action: 'booking.scale_photo_added', targetType: 'laundry_pro', targetId: 'b', after: { bytes: 1, type: 'image/png' } });
  // @ts-expect-error a card refund naming a gift card (the destination picks the shape)
  await recordAudit(tx, actor, { action: 'booking.refunded', targetType: 'booking', targetId: 'b', after: { destination: 'card', amountCents: 1, refundedCents: 1, reason: 'r', payments: [], giftCardId: 'g' } });
  // @ts-expect-error an address of its own on a staff action: the actor's is recorded
  await recordAudit(tx, actor, { action: 'admin.enable', targetType: 'admin', targetId: 'a', before: { disabled: true }, after: { disabled: false }, ip: '203.0.113.9' });
  const loose: Record<string, unknown> = { name: 'x' };
  // @ts-expect-error details of no known shape
  await recordAudit(tx, actor, { action: 'laundry_pro.updated', targetType: 'laundry_pro', targetId: 'p', before: loose, after: {} });
}

describe('recordAudit refuses at compile time what an action does not record', () => {
  it('types each action’s event exactly, naming the unknown fields', () => {
    expectTypeOf<OnlyRecordedFields<AuditEventOf<'booking.receipt_sent'>>>().toEqualTypeOf<unknown>();
    type WithToken = AuditEventOf<'booking.receipt_sent'> & { after: { token: string } };
    expectTypeOf<OnlyRecordedFields<WithToken>>().toEqualTypeOf<{ 'not recorded by this action': 'after.token' }>();
    expectTypeOf(refusedAtCompileTime).toBeFunction();
  });
});

describe.each(testDatabaseKinds)('the audit log as written (%s)', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const rowsOf = (targetId: string) => database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  it('writes the event as given, the actor and their address, and null for details it has none of', async () => {
    const casey = { id: 'adm-1', email: 'casey@washday.example', ip: '198.51.100.4' };
    await recordAudit(database.db, casey, { action: 'admin.reset_password', targetType: 'admin', targetId: 'adm-2' });
    await recordAudit(database.db, casey, { action: 'admin.disable', targetType: 'admin', targetId: 'adm-2', before: { disabled: false }, after: { disabled: true } });
    const rows = await rowsOf('adm-2');
    expect(rows.map(({ action, actorId, actorEmail, ip, targetType, before, after }) => ({ action, actorId, actorEmail, ip, targetType, before, after })).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'admin.disable', actorId: 'adm-1', actorEmail: 'casey@washday.example', ip: '198.51.100.4', targetType: 'admin', before: { disabled: false }, after: { disabled: true } },
      { action: 'admin.reset_password', actorId: 'adm-1', actorEmail: 'casey@washday.example', ip: '198.51.100.4', targetType: 'admin', before: null, after: null },
    ]);
  });

  it("records the address of a request nobody signed in to, and a customer's changed fields only", async () => {
    const booking = await insertBooking(database.db, { name: 'Jane Doe', address: '1 Elm St' });
    const fields = ['address' as const];
    await recordAudit(database.db, null, {
      action: 'booking.details_changed',
      targetType: 'booking',
      targetId: booking.id,
      before: pickFields(booking, fields),
      after: { ...pickFields({ ...booking, address: '40 Sunset Blvd' }, fields), by: 'customer' },
      ip: '203.0.113.7',
    });
    const [changed] = await rowsOf(booking.id);
    expect(changed).toMatchObject({ actorId: null, actorEmail: null, ip: '203.0.113.7', before: { address: '1 Elm St' }, after: { address: '40 Sunset Blvd', by: 'customer' } });
  });

  it('keeps a deleted booking as its row was, without the derived search text', async () => {
    const booking = await insertBooking(database.db, { name: 'Gone Away' });
    await recordAudit(database.db, null, { action: 'booking.deleted', targetType: 'booking', targetId: booking.id, before: deletedBookingDetails(booking), after: { authorisationReleased: false, giftCardReturnedCents: 0 } });
    const [deleted] = await rowsOf(booking.id);
    expect(deleted!.before).toMatchObject({ id: booking.id, name: 'Gone Away', totalAmount: booking.totalAmount, createdAt: booking.createdAt.toISOString() });
    expect(deleted!.before).not.toHaveProperty('searchText');
  });

  it("empties the entries that hold a customer's words or details when they delete their data (decision 022), and only those", async () => {
    const booking = await insertBooking(database.db, { name: 'Jane Doe' });
    const other = await insertBooking(database.db, { name: 'Sam Other' });
    for (const b of [booking, other]) {
      await recordAudit(database.db, null, { action: 'customer.note_added', targetType: 'booking', targetId: b.id, after: { body: 'Gate code 4411' } });
      await recordAudit(database.db, null, { action: 'booking.details_changed', targetType: 'booking', targetId: b.id, before: { phone: '+18035550101' }, after: { phone: '+18035550199', by: 'customer' } });
    }
    await recordAudit(database.db, null, { action: 'booking.price_per_pound_changed', targetType: 'booking', targetId: booking.id, before: { pricePerPoundCents: 175 }, after: { pricePerPoundCents: 200 } });
    await forgetCustomerDetails(database.db, [booking.id]);
    const summary = async (id: string) => (await rowsOf(id)).map((r) => [r.action, r.before, r.after]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(await summary(booking.id)).toEqual([
      ['booking.details_changed', null, { erased: true }],
      ['booking.price_per_pound_changed', { pricePerPoundCents: 175 }, { pricePerPoundCents: 200 }],
      ['customer.note_added', null, { erased: true }],
    ]);
    expect(await summary(other.id)).toEqual([
      ['booking.details_changed', { phone: '+18035550101' }, { phone: '+18035550199', by: 'customer' }],
      ['customer.note_added', null, { body: 'Gate code 4411' }],
    ]);
  });
});
