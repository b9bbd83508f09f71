// A booking's details in All Bookings (spec: back-office 2): what the row leaves out to fit a
// laptop's width, opened from the row: contact, the pick-up as booked, add-ons, the price per
// pound, the laundry preferences.
import { Scale, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { formatCents } from '../../../shared/money';
import { formatDate, formatDateTime } from '../../lib/format';
import type { StaffBooking } from '../back-office-api';
import { CustomerPageButton } from '../customer-page';
import { PricePerPoundInput } from './booking-controls';
import { ContactBlock, PreferencesBlock } from './booking-details';
import { bagsLabel, locationLabel } from './booking-facts';
import { canRefund, RefundDialog } from './refund-dialog';
import { canReweigh, ReweighDialog } from '../weighing';
import { StopsBlock } from './stops-block';
import { ChangeForCustomer } from './staff-changes';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function AddOns({ booking: b }: { booking: StaffBooking }) {
  if (!b.addOnLines.length) return <p className="text-sm text-slate-600">None</p>;
  return (
    <ul className="flex flex-col gap-0.5 text-sm">
      {b.addOnLines.map((l) => (
        <li key={l.key}>
          {l.label}
          {l.quantity > 1 ? ` ×${l.quantity}` : ''}
          {/* at the booking's own price (decision 055) */}
          <span className="text-slate-600"> · {formatCents(l.unitCents)}</span>
        </li>
      ))}
    </ul>
  );
}

export function BookingRowDetails({ booking: b }: { booking: StaffBooking }) {
  const [refunding, setRefunding] = useState(false);
  const [reweighing, setReweighing] = useState(false);
  return (
    <div className="flex flex-col gap-4">
    <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2 xl:grid-cols-[1.4fr_1fr_1fr_1fr_0.8fr_1.2fr]">
      <Section title="Contact">
        <ContactBlock b={b} />
        <div>
          <CustomerPageButton bookingId={b.id} name={b.name} />
        </div>
      </Section>
      <Section title="Pick-up">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-slate-600">Where</dt>
          <dd>{locationLabel(b)}</dd>
          <dt className="text-slate-600">Bags</dt>
          <dd>{bagsLabel(b)}</dd>
          <dt className="text-slate-600">Booked</dt>
          <dd>{formatDate(b.createdAt)}</dd>
          <dt className="text-slate-600">Notes</dt>
          <dd className="break-words">{b.specialInstructions || 'None'}</dd>
        </dl>
      </Section>
      <Section title="Stops">
        <StopsBlock booking={b} />
      </Section>
      <Section title="Add-ons">
        <AddOns booking={b} />
        {b.promoCode ? <p className="text-sm text-slate-600">Promo code {b.promoCode}</p> : null}
      </Section>
      <Section title="Billing">
        <PricePerPoundInput booking={b} />
        {/* decision 055: the prices it was quoted, kept whatever Settings say now */}
        <p className="text-xs text-slate-600">
          Quoted at {formatCents(b.priceList.perPoundCents)}/lb, {formatCents(b.priceList.bagEstimateCents)} a bag
        </p>
        {b.finalReceiptSentAt ? <p className="text-xs text-slate-600">Receipt sent {formatDateTime(b.finalReceiptSentAt)}</p> : null}
        {canRefund(b) || canReweigh(b) ? (
          <div className="flex flex-wrap gap-2">
            {canRefund(b) ? (
              <Button size="sm" variant="outline" onClick={() => setRefunding(true)} aria-label={`Refund ${b.name}`}>
                <Undo2 aria-hidden="true" />
                Refund
              </Button>
            ) : null}
            {/* decision 034: before the customer approves the bill */}
            {canReweigh(b) ? (
              <Button size="sm" variant="outline" onClick={() => setReweighing(true)} aria-label={`Correct weight of ${b.name}`}>
                <Scale aria-hidden="true" />
                Correct weight
              </Button>
            ) : null}
          </div>
        ) : null}
        {refunding ? <RefundDialog booking={b} onClose={() => setRefunding(false)} /> : null}
        {reweighing ? <ReweighDialog booking={b} onClose={() => setReweighing(false)} /> : null}
      </Section>
      <Section title="Preferences">
        <PreferencesBlock b={b} withSpecialCare />
      </Section>
    </div>
      {/* a customer who calls (decision 057): the whole width, for the form it opens */}
      <ChangeForCustomer booking={b} />
    </div>
  );
}
