// The contact and laundry-preference blocks shared by the day board, Customer Details and a
// booking's details in All Bookings.
import { laundryPreferences } from '../../../shared/business';
import { formatPhone, phoneHref } from '../../../shared/phone';
import type { StaffBooking } from '../back-office-api';

export function label(list: readonly { value: string; label: string }[], value: string) {
  return list.find((x) => x.value === value)?.label ?? value;
}

export function ContactBlock({ b }: { b: StaffBooking }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-slate-600">Phone</dt>
      <dd>
        {/* a booking without a phone (an erased customer's) shows so, not an empty link */}
        {phoneHref(b.phone) ? (
          <a className="whitespace-nowrap text-primary underline-offset-2 hover:underline" href={phoneHref(b.phone)}>
            {formatPhone(b.phone)}
          </a>
        ) : (
          <span className="text-slate-600">None</span>
        )}
      </dd>
      <dt className="text-slate-600">Email</dt>
      <dd className="wrap-anywhere">
        <a className="text-primary wrap-anywhere underline-offset-2 hover:underline" href={`mailto:${b.email}`}>
          {b.email}
        </a>
      </dd>
      <dt className="text-slate-600">Address</dt>
      <dd>
        {b.address}, {b.city} {b.zipCode}
      </dd>
    </dl>
  );
}

export function PreferencesBlock({ b, withSpecialCare }: { b: StaffBooking; withSpecialCare?: boolean }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-slate-600">Water</dt>
      <dd>{label(laundryPreferences.waterTemperatures, b.waterTemperature).replace(' (default)', '')}</dd>
      <dt className="text-slate-600">Detergent</dt>
      <dd>{label(laundryPreferences.detergents, b.detergentType)}</dd>
      <dt className="text-slate-600">Fabric softener</dt>
      <dd>{b.fabricSoftener ? 'Yes' : 'No'}</dd>
      <dt className="text-slate-600">Allergies</dt>
      <dd className={b.allergies ? 'font-semibold text-red-800' : undefined}>{b.allergies || 'None'}</dd>
      {withSpecialCare ? (
        <>
          <dt className="text-slate-600">Special care</dt>
          <dd>{b.specialCareInstructions || 'None'}</dd>
        </>
      ) : null}
    </dl>
  );
}
