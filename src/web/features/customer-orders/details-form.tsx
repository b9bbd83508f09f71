// The customer's contact details and preferences for their upcoming pick-ups (decision 022): shown
// as they are, changed in a form the server checks field by field; its answer says which pick-ups
// took them. The email stays: it is who they are here.
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { pickupLocationLabels } from '../../../shared/booking-values';
import type { CustomerDetails } from '../../../shared/schemas/customer-orders';
import { Button } from '../../components/ui/button';
import { CustomerDetailsForm, detergentLabels, waterLabels } from '../../components/customer-details-form';
import { useUpdateCustomerDetails } from './orders-api';

export function DetailsSection({ details, editable }: { details: CustomerDetails; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const save = useUpdateCustomerDetails();
  return (
    <section aria-labelledby="details-heading" className="flex flex-col gap-3 rounded-2xl border border-border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="details-heading" className="text-lg font-bold">
            Your details and preferences
          </h2>
          <p className="text-sm text-muted-foreground">
            {editable ? 'What your upcoming pick-ups use.' : 'From your latest order. Your next booking takes the details you enter then.'}
          </p>
        </div>
        {editable && !editing ? (
          <Button size="sm" variant="outline" onClick={() => (save.reset(), setEditing(true))}>
            <Pencil aria-hidden="true" />
            Change details
          </Button>
        ) : null}
      </div>
      {save.isSuccess && !editing ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {save.data.message}
        </p>
      ) : null}
      {editing ? (
        <CustomerDetailsForm
          idPrefix="details"
          label="Change your details"
          details={details}
          pending={save.isPending}
          save={(values, done) => save.mutate(values, { onSuccess: () => setEditing(false), onError: done })}
          onCancel={() => setEditing(false)}
          note="These apply to every booked pick-up more than 2 hours before its window. Your email stays as it is. A new phone number gets no texts until you agree to them with your next booking."
          submitLabel="Save my details"
          cancelLabel="Keep them as they are"
        />
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Item label="Name" value={details.name} />
          <Item label="Phone" value={details.phone} />
          <Item label="Address" value={`${details.address}, ${details.city} ${details.zipCode}`} />
          <Item label="Pick-up spot" value={pickupLocationLabels[details.pickupLocation]} />
          <Item label="Special instructions" value={details.specialInstructions || 'None given'} />
          <Item label="Water temperature" value={waterLabels[details.waterTemperature]} />
          <Item label="Detergent" value={detergentLabels[details.detergentType]} />
          <Item label="Allergies" value={details.allergies || 'None given'} />
          <Item label="Care instructions" value={details.specialCareInstructions || 'None given'} />
        </dl>
      )}
    </section>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
