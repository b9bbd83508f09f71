// Rating an order after delivery (decision 063): the stars, their words, and the rules the rating
// page, the server, the emails and the back office all use. No zod here: the rating page and the
// back office's list load this without the schemas (docs/decisions/009, the pages' budgets).

/** The stars a customer can give, lowest first. */
export const ratingStars = [1, 2, 3, 4, 5] as const;
/** A rating at or below this tells the business at once (decision 063). */
export const lowRatingAtMost = 2;
/** The longest comment kept. */
export const ratingCommentMaxChars = 1000;

/** Each star count in words, for the page, the email and the back office. */
export const ratingWords: Record<(typeof ratingStars)[number], string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};

/** "4 out of 5 (Very good)". */
export function ratingLabel(stars: number): string {
  const words = ratingWords[stars as keyof typeof ratingWords];
  return words ? `${stars} out of 5 (${words})` : `${stars} out of 5`;
}

export const ratingMessages = {
  stars: 'Choose from 1 to 5 stars.',
  commentTooLong: `Please keep your comment to ${ratingCommentMaxChars} characters.`,
  commentInvalid: 'Your comment should be plain text.',
} as const;

export type RatingProblem = { field: 'stars' | 'comment'; message: string };

/** What is wrong with a rating in the customer's words, or null; an empty comment is fine. */
export function ratingProblem(stars: unknown, comment: unknown): RatingProblem | null {
  if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 1 || stars > 5) return { field: 'stars', message: ratingMessages.stars };
  if (comment === undefined || comment === null) return null;
  if (typeof comment !== 'string') return { field: 'comment', message: ratingMessages.commentInvalid };
  return comment.trim().length > ratingCommentMaxChars ? { field: 'comment', message: ratingMessages.commentTooLong } : null;
}
