// Decision 034: the customer hears of a corrected weighing once per correction (its id is the
// outbox's dedupe key), in the transaction that records it, with the reason and the new invoice
// link (signed for the corrected bill; the old one opens nothing).
import { eq } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { invoiceUrl } from '../booking-records/invoice-link';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import type { NotificationContext } from './notifications.service';
import { queueEmail } from './send-email';

export async function queueLaundryReweighed(
  tx: DbOrTx,
  input: { bookingId: string; reweighId: string; fromWeightTenths: number; fromTotalCents: number; reason: string; refundedCents: number; giftCardReturnedCents: number; chargedCents: number },
  ctx: NotificationContext,
  now: Date,
) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId));
  const url = booking ? invoiceUrl(ctx.publicUrl, ctx.secret, booking, now) : null;
  if (!booking || !url || booking.actualWeightTenths === null || booking.finalTotalAmount === null) return;
  await queueEmail(
    tx,
    'laundryReweighed',
    {
      confirmation: confirmationNumber(booking.id),
      name: booking.name,
      fromWeightTenths: input.fromWeightTenths,
      weightTenths: booking.actualWeightTenths,
      fromTotalCents: input.fromTotalCents,
      finalTotalCents: booking.finalTotalAmount,
      reason: input.reason,
      refundedCents: input.refundedCents,
      giftCardReturnedCents: input.giftCardReturnedCents,
      chargedCents: input.chargedCents,
      amountDueCents: booking.amountDueCents,
      invoiceUrl: url,
    },
    { to: booking.email, dedupeKey: `laundry-reweighed:${input.reweighId}`, bookingId: booking.id },
  );
}
