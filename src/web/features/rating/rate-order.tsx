// /rate?booking_id=&token=&stars= (decision 063): the delivery email's star links open this page
// with their stars chosen. Nothing is recorded until the customer presses Send, so a mail scanner
// that opens every link rates nothing. Once sent, the rating is shown instead of the form, on
// every later visit too. The server checks everything again; this only helps.
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import type { GivenRating, RatingView } from '../../../shared/schemas/ratings';
import { lowRatingAtMost, ratingCommentMaxChars, ratingLabel, ratingProblem } from '../../../shared/ratings';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { businessDateFormat } from '../../lib/business-time';
import { useSiteBusiness } from '../../lib/site-business';
import { ReachUs, StateHeading } from '../cancellation';
import { useRateOrder, useRating } from './rating-api';
import { StarPicker, StarsShown } from './star-picker';

const badLink = 'This rating link is not valid or has expired. Please use the link in your delivery email, or call us.';
const sendFailed = 'We could not send your rating. Please try again.';
const dayFormat = businessDateFormat({ month: 'long', day: 'numeric', year: 'numeric' });

type Errors = { stars?: string; comment?: string; form?: string };

/** The stars a link asked for, when they are 1 to 5. */
export function starsOfLink(value: string | null): number | null {
  const stars = Number(value);
  return value && Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null;
}

export function RateOrder({ bookingId, token, linkStars }: { bookingId: string; token: string; linkStars: number | null }) {
  const load = useRating(bookingId, token);
  const send = useRateOrder(bookingId, token);
  const [stars, setStars] = useState<number | null>(linkStars);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  if (!bookingId || !token || load.error)
    return (
      <div className="flex flex-col gap-6">
        <StateHeading tone="warn" title="Rate your order">
          <p role="alert" className="text-muted-foreground">
            {load.error instanceof ApiRequestError ? load.error.message : badLink}
          </p>
        </StateHeading>
        <ReachUs lead="To tell us how we did, call or email us:" />
      </div>
    );
  if (load.isPending || !load.data) return <PageLoading label="Loading your order..." />;

  // a rating sent from this page is the query's data now (rating-api.ts): the thanks say so
  const view = load.data;
  if (view.rating) return <Rated view={view} rating={view.rating} justNow={send.isSuccess} />;

  const submit = async () => {
    const problem = ratingProblem(stars, comment);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({ stars: stars!, comment: comment.trim() });
    } catch (err) {
      if (err instanceof ApiRequestError && (err.fields.stars || err.fields.comment)) setErrors({ stars: err.fields.stars, comment: err.fields.comment });
      else setErrors({ form: err instanceof ApiRequestError ? err.message : sendFailed });
    }
  };
  const counted = comment.trim().length;

  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!send.isPending) void submit();
      }}
    >
      <StateHeading tone="rate" title="How did we do?">
        <p className="text-muted-foreground">
          Order <span className="font-mono font-semibold text-foreground">{view.confirmation}</span>, picked up {formatLongDate(view.pickupDate)}.
        </p>
      </StateHeading>
      <div className="flex flex-col gap-5 rounded-2xl border border-border bg-white p-5 shadow-sm">
        <StarPicker
          value={stars}
          onChange={(next) => {
            setStars(next);
            setErrors((e) => ({ ...e, stars: undefined }));
          }}
          invalid={Boolean(errors.stars)}
          describedBy={errors.stars ? 'rating-stars-error' : undefined}
        />
        {errors.stars ? (
          <p id="rating-stars-error" className="text-center text-sm font-medium text-destructive">
            {errors.stars}
          </p>
        ) : null}
        <Field id="rating-comment" label="Anything to tell us? (optional)" error={errors.comment} hint={`${counted}/${ratingCommentMaxChars} characters. What went well, or what we could do better.`}>
          <Textarea
            {...fieldAria('rating-comment', errors.comment, true)}
            rows={4}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setErrors((x) => ({ ...x, comment: undefined }));
            }}
          />
        </Field>
        {errors.form ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-sm text-red-900">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {send.isPending ? 'Sending...' : stars ? `Send my rating: ${stars} ${stars === 1 ? 'star' : 'stars'}` : 'Send my rating'}
        </Button>
        <p className="text-center text-xs text-muted-foreground">You can rate each order once.</p>
      </div>
    </form>
  );
}

function Rated({ view, rating, justNow }: { view: RatingView; rating: GivenRating; justNow: boolean }) {
  const site = useSiteBusiness();
  const low = rating.stars <= lowRatingAtMost;
  return (
    <div className="flex flex-col gap-6" data-testid="rating-given">
      <StateHeading tone="done" title={justNow ? 'Thank you for your rating' : 'You rated this order'} focus={justNow}>
        <p className="text-muted-foreground">
          Order <span className="font-mono font-semibold text-foreground">{view.confirmation}</span>, picked up {formatLongDate(view.pickupDate)}.
        </p>
      </StateHeading>
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-white p-5 text-center shadow-sm">
        <StarsShown stars={rating.stars} />
        <p className="font-semibold">
          {ratingLabel(rating.stars)}
        </p>
        {rating.comment ? <blockquote className="w-full whitespace-pre-line text-sm wrap-anywhere text-muted-foreground">“{rating.comment}”</blockquote> : null}
        <p className="text-xs text-muted-foreground">Sent on {dayFormat.format(new Date(rating.ratedAt))}.</p>
      </div>
      <p className="text-center text-sm">
        {low
          ? `We are sorry we let you down. ${site.name} has been told and will get in touch to put it right.`
          : `Thank you for choosing ${site.name}. We look forward to your next pick-up.`}
      </p>
      {low ? <ReachUs lead="Or reach us now:" /> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to="/book">Book a pick-up</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/orders">Your orders</Link>
        </Button>
      </div>
    </div>
  );
}
