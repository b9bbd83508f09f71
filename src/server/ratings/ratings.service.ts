// Rating an order after delivery (decision 063): the delivery email's signed link opens the rating
// page, which reads the order and its rating once given, and sends 1 to 5 stars with an optional
// comment, once per order. A low rating emails the business in the same transaction. The link is
// the only proof: nothing the visitor types names who they are.
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { confirmationNumber } from '../../shared/booking-values';
import { formatPhone } from '../../shared/phone';
import { type RatingView } from '../../shared/schemas/ratings';
import { lowRatingAtMost, ratingProblem } from '../../shared/ratings';
import { isErasedKey } from '../booking-records/erased-keys';
import { verifyRatingToken } from '../booking-records/rating-link';
import type { Db } from '../db/client';
import { bookingRatings, bookings, laundryAssignments, laundryPros } from '../db/schema';
import { domainError } from '../error-catalogue';
import { businessNoticesAddress, type NotificationContext } from '../notifications/notifications.service';
import { queueEmail } from '../notifications/send-email';

export type RatingDeps = { db: Db; notify: NotificationContext; now: () => Date };

// the link part of a request; the rating itself is checked after it, each field with its sentence
const linkSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

type Rated = typeof bookingRatings.$inferSelect;

/** The booking a link names: ours, unexpired, for a booking whose delivery email went out and whose customer did not erase their data. */
async function bookingOfLink(deps: RatingDeps, bookingId: string, raw: unknown) {
  const parsed = z.safeParse(linkSchema, raw);
  if (!parsed.success) throw domainError('bad_rating_link');
  if (!verifyRatingToken(deps.notify.secret, bookingId, parsed.data.token, deps.now())) throw domainError('bad_rating_link');
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || !booking.deliveryConfirmationSent || isErasedKey(booking.emailKey)) throw domainError('bad_rating_link');
  return booking;
}

function viewOf(booking: { id: string; pickupDate: string }, rating: Rated | undefined): RatingView {
  return {
    confirmation: confirmationNumber(booking.id),
    pickupDate: booking.pickupDate,
    rating: rating ? { stars: rating.stars, comment: rating.comment, ratedAt: rating.ratedAt.toISOString() } : null,
  };
}

async function ratingOf(db: Db, bookingId: string): Promise<Rated | undefined> {
  const [rating] = await db.select().from(bookingRatings).where(eq(bookingRatings.bookingId, bookingId));
  return rating;
}

/** The rating page: the order, and its rating once given. */
export async function getRating(deps: RatingDeps, bookingId: string, query: unknown): Promise<RatingView> {
  const booking = await bookingOfLink(deps, bookingId, query);
  return viewOf(booking, await ratingOf(deps.db, booking.id));
}

function ratingOfBody(body: unknown): { stars: number; comment: string | null } {
  const { stars, comment } = (body ?? {}) as { stars?: unknown; comment?: unknown };
  const problem = ratingProblem(stars, comment);
  if (problem) throw domainError(problem.field === 'stars' ? 'invalid_rating_stars' : 'invalid_rating_comment', { message: problem.message });
  const words = typeof comment === 'string' ? comment.trim() : '';
  return { stars: stars as number, comment: words || null };
}

/**
 * Records the order's one rating. The same rating sent again (a retry, a second press) answers as
 * the first did; a different one after it is refused. Two at once: the primary key lets one in.
 */
export async function rateOrder(deps: RatingDeps, bookingId: string, body: unknown): Promise<RatingView> {
  const booking = await bookingOfLink(deps, bookingId, body);
  const given = ratingOfBody(body);
  const now = deps.now();
  const rating = await deps.db.transaction(async (tx) => {
    const [pro] = await tx
      .select({ id: laundryPros.id, name: laundryPros.name })
      .from(laundryAssignments)
      .innerJoin(laundryPros, eq(laundryPros.id, laundryAssignments.laundryProId))
      .where(eq(laundryAssignments.bookingId, booking.id));
    const [inserted] = await tx
      .insert(bookingRatings)
      .values({ bookingId: booking.id, stars: given.stars, comment: given.comment, laundryProId: pro?.id ?? null, ratedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return undefined;
    if (inserted.stars <= lowRatingAtMost) {
      const data = {
        confirmation: confirmationNumber(booking.id),
        name: booking.name,
        email: booking.email,
        phone: formatPhone(booking.phone),
        stars: inserted.stars,
        comment: inserted.comment ?? '',
        proName: pro?.name ?? null,
        receivedAt: now,
      };
      await queueEmail(tx, 'lowRating', data, { to: await businessNoticesAddress(tx), replyTo: booking.email, dedupeKey: `low-rating:${booking.id}`, bookingId: booking.id });
    }
    return inserted;
  });
  if (rating) return viewOf(booking, rating);
  const earlier = await ratingOf(deps.db, booking.id);
  if (earlier && earlier.stars === given.stars && earlier.comment === given.comment) return viewOf(booking, earlier);
  throw domainError('already_rated');
}
