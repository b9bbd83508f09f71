// docs/design.md 5.5 transparent weighing, on the customer's invoice: each bag's weight when staff
// weighed them one by one, and the photo of the scale, read with the customer's own link
// (docs/design.md 9, files: served only to whoever may see the booking).
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { fileEndpoints } from '../../../shared/endpoints-files';
import { businessDateFormat } from '../../lib/business-time';
import { poundsLabel } from '../../../shared/pricing-receipts';
import type { Invoice } from '../../../shared/schemas/invoice';

// the business's time, as every message to the customer gives it
const takenAt = businessDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

export function WeighingProof({ invoice, bookingId, token }: { invoice: Invoice; bookingId: string; token: string }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const bags = invoice.bagWeightsTenths ?? [];
  if (!invoice.scalePhotoUploadedAt && bags.length === 0) return null;
  const src = `${fileEndpoints.getInvoiceScalePhoto.path.replace(':id', encodeURIComponent(bookingId))}?token=${encodeURIComponent(token)}`;
  return (
    <section aria-labelledby="weighing-proof-title" className="flex w-full flex-col gap-3 rounded-2xl border border-border bg-white p-5 text-left text-sm shadow-sm">
      <h2 id="weighing-proof-title" className="text-lg font-bold">
        How we weighed it
      </h2>
      {bags.length > 0 ? (
        <dl className="flex flex-col gap-1" data-testid="bag-weights">
          {bags.map((tenths, i) => (
            <div key={i} className="flex justify-between gap-4">
              <dt>Bag {i + 1}</dt>
              <dd>{poundsLabel(tenths)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-border pt-1 font-semibold">
            <dt>Total weight</dt>
            <dd>{poundsLabel(invoice.weightTenths)}</dd>
          </div>
        </dl>
      ) : null}
      {invoice.scalePhotoUploadedAt ? (
        <figure className="flex flex-col gap-2">
          {photoFailed ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <Camera className="size-4" aria-hidden="true" /> The photo of the scale could not be loaded. Reload the page to try again.
            </p>
          ) : (
            <img
              src={src}
              alt={`The scale showing your laundry's weight, ${poundsLabel(invoice.weightTenths)}`}
              loading="lazy"
              className="max-h-96 w-full rounded-xl border border-border bg-muted object-contain"
              onError={() => setPhotoFailed(true)}
            />
          )}
          <figcaption className="text-xs text-muted-foreground">Photographed at the scale when we weighed your laundry, {takenAt.format(new Date(invoice.scalePhotoUploadedAt))}.</figcaption>
        </figure>
      ) : null}
    </section>
  );
}
