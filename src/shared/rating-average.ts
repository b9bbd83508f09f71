// A pro's average rating (decision 063): the database sums the stars and counts the rated orders;
// this one function turns the two into the figure staff and the pro read, to one decimal, rounded
// half up. Integer arithmetic throughout, so 4.45 is never read as 4.4499999.

/** What the Laundry Pros card and the pro portal show of a pro's ratings. */
export type RatingSummary = {
  /** How many orders were rated. */
  count: number;
  /** The average to one decimal ("4.5"), or null when no order was rated. */
  average: string | null;
};

/** "4.5" for 9 stars from 2 orders; null from 0 orders. */
export function ratingAverage(starsSum: number, count: number): string | null {
  if (!Number.isSafeInteger(starsSum) || !Number.isSafeInteger(count) || starsSum < 0 || count < 0) throw new RangeError(`ratingAverage: ${starsSum} stars from ${count} orders`);
  if (count === 0) return null;
  // tenths = floor(sum × 10 / count + ½) = floor((20 × sum + count) / (2 × count)), all integers
  const numerator = 20 * starsSum + count;
  const denominator = 2 * count;
  const tenths = (numerator - (numerator % denominator)) / denominator;
  return `${(tenths - (tenths % 10)) / 10}.${tenths % 10}`;
}

/** A summary from the database's sum and count. */
export function ratingSummary(starsSum: number, count: number): RatingSummary {
  return { count, average: ratingAverage(starsSum, count) };
}

/** "4.5 out of 5", or null when no order was rated. */
export function ratingAverageText(summary: RatingSummary): string | null {
  return summary.average === null || summary.count === 0 ? null : `${summary.average} out of 5`;
}

/** "from 12 orders", "from 1 order". */
export function ratedOrdersText(count: number): string {
  return `from ${count} ${count === 1 ? 'order' : 'orders'}`;
}

export const noRatingsText = 'No ratings yet';

/** "4.5 out of 5 from 12 orders", "5.0 out of 5 from 1 order", or "No ratings yet". */
export function ratingSummaryText(summary: RatingSummary): string {
  const average = ratingAverageText(summary);
  return average === null ? noRatingsText : `${average} ${ratedOrdersText(summary.count)}`;
}
