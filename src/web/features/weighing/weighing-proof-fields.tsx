// docs/design.md 5.5 transparent weighing, in the weight dialog: each bag's weight (a booking of two or
// more bags), and a photo of the scale reading taken with the phone's camera or chosen from its
// photos (docs/design.md 9, files). Both are optional and both end up on the customer's invoice.
import { Camera, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

export function BagWeightInputs({ id, texts, error, onChange }: { id: string; texts: string[]; error: string | null; onChange: (texts: string[]) => void }) {
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-bags-error` : `${id}-bags-hint`}>
      <legend className="mb-1.5 text-sm font-medium">Each bag (optional)</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {texts.map((text, i) => (
          <div key={i} className="flex flex-col gap-1">
            <Label htmlFor={`${id}-bag-${i}`} className="text-xs text-slate-700">
              Bag {i + 1} (lb)
            </Label>
            <Input
              id={`${id}-bag-${i}`}
              type="number"
              inputMode="decimal"
              step="0.1"
              min="0.1"
              value={text}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange(texts.map((t, j) => (j === i ? e.target.value : t)))}
            />
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-bags-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-bags-hint`} className="text-xs text-slate-600">
          Their sum becomes the actual weight; the customer sees each bag on their invoice.
        </p>
      )}
    </fieldset>
  );
}

export function ScalePhotoPicker({ id, photo, error, disabled, onChange }: { id: string; photo: File | null; error: string | null; disabled: boolean; onChange: (photo: File | null) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-photo`}>Photo of the scale (optional)</Label>
      {photo && preview ? (
        <div className="flex items-center gap-3">
          <img src={preview} alt="The chosen photo of the scale" className="h-20 w-20 rounded-md border border-slate-200 object-cover" />
          <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            Remove photo
          </Button>
        </div>
      ) : null}
      <label
        className={`flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring ${photo ? 'sr-only' : ''}`}
      >
        <Camera className="size-4" aria-hidden="true" />
        Take or choose a photo
        <input
          id={`${id}-photo`}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-photo-error` : `${id}-photo-hint`}
          onChange={(e) => {
            onChange(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
      </label>
      {error ? (
        <p id={`${id}-photo-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-photo-hint`} className="text-xs text-slate-600">
          JPEG, PNG or WebP. It is shown on the customer&apos;s invoice.
        </p>
      )}
    </div>
  );
}
