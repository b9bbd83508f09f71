// "Question this weight" (docs/design.md 5.5, transparent weighing): from the invoice page, opened by
// the customer's signed link alone, the customer questions the weight once, with an optional
// short note. The question is recorded on the booking (the back office shows it as a flag) and
// the business is emailed, in the same transaction, once.
import { and, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import { confirmationNumber } from '../../shared/booking-values';
import { dueSummary } from '../../shared/pricing-receipts';
import { weightQuestionNoteProblem, weightQuestionRequestSchema, type Invoice } from '../../shared/schemas/invoice';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { businessNoticesAddress } from '../notifications/notifications.service';
import { queueEmail } from '../notifications/send-email';
import { bookingOfLink, invoiceView, parseLink, type InvoiceDeps } from './invoice.service';
import { formatPhone } from '../../shared/phone';

// the question's link part; its note is checked after the link, with the note's own sentence
const questionLinkSchema = z.object({ token: weightQuestionRequestSchema.shape.token });

function noteOf(body: unknown): string {
  const note = (body as { note?: unknown }).note;
  const problem = weightQuestionNoteProblem(note);
  if (problem) throw domainError('invalid_weight_question', { message: problem });
  return typeof note === 'string' ? note.trim() : '';
}

/** Records the question once and emails the business; asking again answers the invoice as it is. */
export async function questionWeight(deps: InvoiceDeps, bookingId: string | undefined, body: unknown): Promise<Invoice> {
  const link = parseLink(bookingId, questionLinkSchema, body);
  const booking = await bookingOfLink(deps, link);
  const note = noteOf(body);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [asked] = await tx
      .update(bookings)
      .set({ weightQuestionedAt: now, weightQuestion: note || null, updatedAt: now })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.weightQuestionedAt)))
      .returning();
    if (!asked || asked.actualWeightTenths === null) return;
    await queueEmail(
      tx,
      'weightQuestion',
      {
        confirmation: confirmationNumber(asked.id),
        name: asked.name,
        email: asked.email,
        phone: formatPhone(asked.phone),
        weightTenths: asked.actualWeightTenths,
        finalTotalCents: dueSummary(asked).finalTotalCents,
        note,
        receivedAt: now,
      },
      { to: await businessNoticesAddress(tx), replyTo: asked.email, dedupeKey: `weight-question:${asked.id}`, bookingId: asked.id },
    );
  });
  const [after] = await deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
  return invoiceView(after!);
}
