// Five stars as a radio group (decision 063): arrow keys move between them like any radio group,
// each names its words ("4 stars: Very good"), and the chosen one and those below it are filled.
import { Star } from 'lucide-react';
import { ratingStars, ratingWords } from '../../../shared/ratings';
import { cn } from '../../lib/cn';

export function StarPicker({ value, onChange, invalid, describedBy }: { value: number | null; onChange: (stars: number) => void; invalid: boolean; describedBy?: string }) {
  return (
    <fieldset aria-invalid={invalid || undefined} aria-describedby={describedBy} className="flex flex-col items-center gap-2">
      <legend className="mb-2 text-center font-semibold">Your rating</legend>
      <div className="flex gap-1 sm:gap-2">
        {ratingStars.map((stars) => (
          <label key={stars} className="group relative cursor-pointer rounded-lg p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
            <input type="radio" name="stars" value={stars} checked={value === stars} onChange={() => onChange(stars)} className="sr-only" />
            <Star aria-hidden="true" className={cn('size-10 sm:size-12', value !== null && stars <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-300 group-hover:text-amber-300')} />
            <span className="sr-only">
              {stars} {stars === 1 ? 'star' : 'stars'}: {ratingWords[stars]}
            </span>
          </label>
        ))}
      </div>
      <p aria-hidden="true" className="h-5 text-sm font-medium text-muted-foreground">
        {value !== null ? ratingWords[value as keyof typeof ratingWords] : 'Choose from 1 to 5 stars'}
      </p>
    </fieldset>
  );
}

/** Stars as glyphs for a given rating, with its words for screen readers. */
export function StarsShown({ stars }: { stars: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${stars} out of 5 stars`}>
      {ratingStars.map((s) => (
        <Star key={s} aria-hidden="true" className={cn('size-6', s <= stars ? 'fill-amber-400 text-amber-500' : 'text-slate-300')} />
      ))}
    </span>
  );
}
