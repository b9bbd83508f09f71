// A booking's rating in All Bookings (decision 063): the customer's stars and comment once they
// rated the order, read in full across the row (a long comment wraps); before that, once the rating
// email went, a word in the Send Rating Email button's place.
import { formatDate } from '../../lib/format';
import type { StaffBooking } from '../back-office-api';

/** ★★★★☆: what the eye catches; the words beside it say the same for everyone. */
function Stars({ stars }: { stars: number }) {
  const given = Math.max(0, Math.min(5, stars));
  return (
    <span aria-hidden="true" className="text-base leading-none tracking-wider whitespace-nowrap text-amber-700">
      {'★'.repeat(given)}
      {'☆'.repeat(5 - given)}
    </span>
  );
}

/** The customer's rating and comment, or nothing before they rated. */
export function BookingRating({ booking: b }: { booking: Pick<StaffBooking, 'rating'> }) {
  if (!b.rating) return null;
  const { stars, comment, ratedAt, label } = b.rating;
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <Stars stars={stars} />
        <span className="font-semibold text-slate-900">Rated {label}</span>
        <span className="text-xs text-slate-600">on {formatDate(ratedAt)}</span>
      </p>
      {comment ? (
        <blockquote className="border-l-2 border-amber-300 pl-2 whitespace-pre-line wrap-anywhere text-slate-700">
          <span className="sr-only">Customer’s comment: </span>
          {comment}
        </blockquote>
      ) : null}
    </div>
  );
}

/** The rating email went and no rating came back yet. */
export function RatingAwaited({ booking: b }: { booking: Pick<StaffBooking, 'rating' | 'deliveryConfirmationSent'> }) {
  if (!b.deliveryConfirmationSent || b.rating) return null;
  return <p className="text-xs text-slate-600">Rating email sent, not rated yet</p>;
}
