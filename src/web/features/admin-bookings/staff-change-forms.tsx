// A customer who calls (decision 057): staff move the pick-up to another window, or correct the
// contact details and preferences, until it is picked up. The server checks both (a day served, a
// window offered with a place left; each field) and its words go under the field they are about;
// the customer is emailed either change. Loaded when a form opens (the back office's budget).
import { useState, type FormEvent } from 'react';
import { pickupWindowLabel } from '../../../shared/business';
import { customerDetailsOf } from '../../../shared/customer-details';
import { CustomerDetailsForm } from '../../components/customer-details-form';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input, fieldClass } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useSiteBusiness } from '../../lib/site-business';
import { toast } from '../../lib/toast';
import { formatDate } from '../../lib/format';
import { useEditStaffBookingDetails, useMoveStaffBooking, useResendPayLink, type StaffBooking } from '../back-office-api';
import { payLinkChannelLabels, payLinkChannels, type PayLinkChannel } from '../../../shared/phone-orders';

export function MoveForm({ booking: b, onDone }: { booking: StaffBooking; onDone: () => void }) {
  const site = useSiteBusiness();
  const windows = site.pickupWindows.some((w) => w.value === b.pickupTime) ? site.pickupWindows : [{ value: b.pickupTime, label: pickupWindowLabel(b.pickupTime) }, ...site.pickupWindows];
  const [date, setDate] = useState(b.pickupDate);
  const [time, setTime] = useState(b.pickupTime);
  const move = useMoveStaffBooking();
  const fields = move.error instanceof ApiRequestError ? move.error.fields : {};
  const general = move.error && !fields.pickupDate && !fields.pickupTime ? move.error.message : null;
  const idBase = `staff-move-${b.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    move.mutate(
      { id: b.id, pickupDate: date, pickupTime: time },
      { onSuccess: (r) => (toast.success('Pick-up moved', { description: `${b.name}: ${formatDate(`${r.booking.pickupDate}T12:00:00Z`)}, ${pickupWindowLabel(r.booking.pickupTime)}. The customer was emailed.` }), onDone()) },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Move the pick-up of ${b.name}`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Field id={`${idBase}-date`} label="New pick-up day" error={fields.pickupDate} hint={site.serviceDaysLabel}>
        <Input type="date" {...fieldAria(`${idBase}-date`, fields.pickupDate, true)} value={date} onChange={(e) => setDate(e.target.value)} />
      </Field>
      <Field id={`${idBase}-time`} label="New pick-up window" error={fields.pickupTime}>
        <select {...fieldAria(`${idBase}-time`, fields.pickupTime)} className={cn(fieldClass, 'h-10 py-2')} value={time} onChange={(e) => setTime(e.target.value)}>
          {windows.map((w) => (
            <option key={w.value} value={w.value}>
              {w.label}
            </option>
          ))}
        </select>
      </Field>
      {general ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {general}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={move.isPending}>
          {move.isPending ? 'Moving...' : 'Move and email the customer'}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={move.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function DetailsEditor({ booking: b, onDone }: { booking: StaffBooking; onDone: () => void }) {
  const edit = useEditStaffBookingDetails();
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <CustomerDetailsForm
        idPrefix={`staff-details-${b.id}`}
        label={`Edit the details of ${b.name}`}
        details={customerDetailsOf(b)}
        pending={edit.isPending}
        save={(details, refused) =>
          edit.mutate(
            { id: b.id, details },
            {
              onSuccess: (r) => (toast.success(r.changed.length ? 'Details saved' : 'Nothing to change', { description: r.changed.length ? `${r.changed.join(', ')}. The customer was emailed.` : b.name }), onDone()),
              onError: refused,
            },
          )
        }
        onCancel={onDone}
        note="For this pick-up only; the price does not change. A new phone number gets no texts until the customer agrees to them."
        submitLabel="Save and email the customer"
        cancelLabel="Cancel"
      />
    </div>
  );
}

/** A phone order's pay link sent again (decision 058): a lost email, or a text wanted after all. */
export function ResendPayLink({ booking: b, onDone }: { booking: StaffBooking; onDone: () => void }) {
  const [channel, setChannel] = useState<PayLinkChannel>(b.phoneOrder?.linkChannel ?? 'email');
  const resend = useResendPayLink();
  const idBase = `pay-link-${b.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resend.mutate({ id: b.id, channel }, { onSuccess: (r) => (toast.success('Pay link sent', { description: `To ${r.sentTo.join(' and ')}.` }), onDone()) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Send the pay link of ${b.name} again`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Field id={`${idBase}-channel`} label="Send the link">
        <select {...fieldAria(`${idBase}-channel`, undefined)} className={cn(fieldClass, 'h-10 py-2')} value={channel} onChange={(e) => setChannel(e.target.value as PayLinkChannel)}>
          {payLinkChannels.map((c) => (
            <option key={c} value={c}>
              {payLinkChannelLabels[c]}
            </option>
          ))}
        </select>
      </Field>
      {resend.error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {resend.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Send'}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={resend.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
