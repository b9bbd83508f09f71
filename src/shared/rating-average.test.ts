import { describe, expect, it } from 'vitest';
import { ratedOrdersText, ratingAverage, ratingAverageText, ratingSummary, ratingSummaryText } from './rating-average';

describe('a pro’s average rating (decision 063)', () => {
  it.each([
    // stars summed, orders rated, the average shown
    [9, 2, '4.5'],
    [5, 1, '5.0'],
    [1, 1, '1.0'],
    [60, 12, '5.0'],
    [13, 3, '4.3'],
    [14, 3, '4.7'],
    // exactly half a tenth rounds up
    [17, 4, '4.3'],
    [87, 20, '4.4'], // 4.35: (4.35).toFixed(1) says 4.3, the binary 4.35 being 4.3499…
    [89, 20, '4.5'], // 4.45
    [21, 20, '1.1'], // 1.05
    [99, 20, '5.0'], // 4.95
    // just under and just over a half
    [4_449_999, 1_000_000, '4.4'],
    [4_450_000, 1_000_000, '4.5'],
    [2_999_999_999, 1_000_000_000, '3.0'],
    [0, 0, null],
  ])('%i stars from %i orders: %s', (sum, count, average) => {
    expect(ratingAverage(sum, count)).toBe(average);
  });

  it.each([
    [4.5, 1],
    [4, 1.5],
    [-1, 1],
    [4, -1],
    [Number.NaN, 1],
    [Number.MAX_SAFE_INTEGER + 1, 1],
  ])('%s stars from %s orders is not a sum and a count', (sum, count) => {
    expect(() => ratingAverage(sum, count)).toThrow(RangeError);
  });

  it.each([
    [9, 2, '4.5 out of 5 from 2 orders'],
    [54, 12, '4.5 out of 5 from 12 orders'],
    [5, 1, '5.0 out of 5 from 1 order'],
    [0, 0, 'No ratings yet'],
  ])('%i stars from %i orders reads "%s"', (sum, count, text) => {
    expect(ratingSummaryText(ratingSummary(sum, count))).toBe(text);
  });

  it('its parts, for a page that sets the average apart', () => {
    expect(ratingAverageText(ratingSummary(54, 12))).toBe('4.5 out of 5');
    expect(ratingAverageText(ratingSummary(0, 0))).toBeNull();
    expect(ratedOrdersText(12)).toBe('from 12 orders');
    expect(ratedOrdersText(1)).toBe('from 1 order');
  });
});
