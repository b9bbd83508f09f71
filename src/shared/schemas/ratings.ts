// Rating an order after delivery (decision 063): what the rating page reads and sends. zod/mini,
// like the other public pages' schemas (docs/decisions/009); the words and rules both sides check
// are in ../ratings.ts, which a page can load without zod.
import * as z from 'zod/mini';

const tokenField = z.string().check(z.minLength(1), z.maxLength(200));

export const ratingQuerySchema = z.strictObject({ token: tokenField });
/** stars and comment are checked after the link, each with its own sentence (ratingProblem). */
export const rateOrderRequestSchema = z.strictObject({ token: tokenField, stars: z.number(), comment: z.optional(z.string()) });

export const givenRatingSchema = z.object({ stars: z.number(), comment: z.nullable(z.string()), ratedAt: z.string() });
export type GivenRating = z.infer<typeof givenRatingSchema>;

/** The rating page: the order it is for, and its rating once given. */
export const ratingViewSchema = z.object({
  confirmation: z.string(),
  /** The pick-up day, YYYY-MM-DD. */
  pickupDate: z.string(),
  rating: z.nullable(givenRatingSchema),
});
export type RatingView = z.infer<typeof ratingViewSchema>;
