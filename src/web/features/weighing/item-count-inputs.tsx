// Decision 033: the items a booking counted (uniforms, blankets, mattress pads) are billed each on
// the final bill; at the weighing staff count what came in the bags and correct the booked counts.
import type { ItemCounts } from '../../../shared/pricing';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

const items: { key: keyof ItemCounts; label: string }[] = [
  { key: 'sportsUniformsCount', label: 'Sports uniforms' },
  { key: 'blanketsQueenCount', label: 'Blankets (Twin-Queen)' },
  { key: 'blanketsKingCount', label: 'Blankets (King)' },
  { key: 'mattressPadsQueenCount', label: 'Mattress pads (Twin-Queen)' },
  { key: 'mattressPadsKingCount', label: 'Mattress pads (King)' },
];

/** The counts as typed: a whole number from 0 to 50 each, or the first problem. */
export function readItemCounts(texts: Record<keyof ItemCounts, string>): { kind: 'ok'; counts: ItemCounts } | { kind: 'error'; message: string } {
  const counts = {} as ItemCounts;
  for (const { key, label } of items) {
    const text = texts[key].trim();
    const n = Number(text);
    if (text === '' || !Number.isInteger(n) || n < 0 || n > 50) return { kind: 'error', message: `${label}: enter a whole number from 0 to 50.` };
    counts[key] = n;
  }
  return { kind: 'ok', counts };
}

export function itemCountTexts(b: ItemCounts): Record<keyof ItemCounts, string> {
  return Object.fromEntries(items.map(({ key }) => [key, String(b[key])])) as Record<keyof ItemCounts, string>;
}

export function ItemCountInputs({
  id,
  texts,
  error,
  onChange,
}: {
  id: string;
  texts: Record<keyof ItemCounts, string>;
  error: string | null;
  onChange: (texts: Record<keyof ItemCounts, string>) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-items-error` : `${id}-items-hint`}>
      <legend className="mb-1.5 text-sm font-medium">Items counted</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {items.map(({ key, label }) => (
          <div key={key} className="flex flex-col justify-end gap-1">
            <Label htmlFor={`${id}-item-${key}`} className="text-xs text-slate-700">
              {label}
            </Label>
            <Input
              id={`${id}-item-${key}`}
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              max="50"
              value={texts[key]}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ ...texts, [key]: e.target.value })}
            />
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-items-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-items-hint`} className="text-xs text-slate-600">
          As booked; correct a count to what came in the bags. Each item is billed at its price.
        </p>
      )}
    </fieldset>
  );
}
