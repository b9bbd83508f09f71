// The pro's own rating (decision 063): the average customers gave the orders the pro had when they
// rated them, and how many orders that is. Only the pro's own figure reaches the page: no comment,
// no customer, no other pro's.
import { Star } from 'lucide-react';
import { noRatingsText, ratedOrdersText, ratingAverageText } from '../../../shared/rating-average';
import { Card } from '../../components/ui/card';
import type { ProPortal } from './pro-portal-api';

export const noRatingsNote = 'Customers can rate an order once it is delivered.';

export function RatingSummary({ rating }: { rating: ProPortal['rating'] }) {
  const average = ratingAverageText(rating);
  return (
    <Card className="flex items-center gap-4 rounded-xl p-4 sm:p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <Star className="size-5 fill-amber-400" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-700">Your rating</p>
        {average === null ? (
          <>
            <p className="text-lg font-bold">{noRatingsText}</p>
            <p className="text-xs text-slate-600">{noRatingsNote}</p>
          </>
        ) : (
          <>
            <p className="text-2xl font-bold tabular-nums">{average}</p>
            <p className="text-sm text-slate-700 tabular-nums">{ratedOrdersText(rating.count)}</p>
          </>
        )}
      </div>
    </Card>
  );
}
