// The Audit tab's filters: the person who acted, the action, and the days from and to (the
// business's days: the server reads them in its time zone). Each change goes to the address.
import { useId } from 'react';
import { auditActionLabels, auditActionValues, type AuditAction } from '../../../shared/audit-actions';
import { Button } from '../../components/ui/button';
import { fieldClass, Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import type { AuditFilters, AuditList } from './staff-users-api';

const selectClass = cn(fieldClass, 'h-10 py-2');

// the actions in the groups people look for them in
const groups: { label: string; prefixes: string[] }[] = [
  { label: 'Bookings', prefixes: ['booking.'] },
  { label: 'Laundry pros', prefixes: ['laundry_pro.'] },
  { label: 'Invoices, subscriptions and gift cards', prefixes: ['invoice.', 'subscription.', 'tools.', 'gift_card.'] },
  { label: 'Messages', prefixes: ['message.', 'outbox.'] },
  { label: 'Admins', prefixes: ['admin.'] },
  { label: 'Sign-in', prefixes: ['auth.'] },
];
const grouped = groups.map((g) => ({ label: g.label, actions: auditActionValues.filter((a) => g.prefixes.some((p) => a.startsWith(p))) }));

type Props = {
  filters: Omit<AuditFilters, 'page'>;
  people: AuditList['people'];
  rangeError: string | null;
  onChange: (changes: Partial<Omit<AuditFilters, 'page'>>) => void;
};

export function AuditFiltersForm({ filters, people, rangeError, onChange }: Props) {
  const id = useId();
  const any = filters.by !== '' || filters.action !== '' || filters.from !== '' || filters.to !== '';
  // the person asked for in the address, even before the list of people has come
  const options = filters.by && !people.some((p) => p.email === filters.by) ? [...people, { name: filters.by, email: filters.by }] : people;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-by`}>Person</Label>
        <select id={`${id}-by`} className={selectClass} value={filters.by} onChange={(e) => onChange({ by: e.target.value })}>
          <option value="">Everyone</option>
          {options.map((p) => (
            <option key={p.email} value={p.email}>
              {p.name === p.email ? p.email : `${p.name} (${p.email})`}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-action`}>Action</Label>
        <select id={`${id}-action`} className={selectClass} value={filters.action} onChange={(e) => onChange({ action: e.target.value })}>
          <option value="">Every action</option>
          {grouped.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.actions.map((a: AuditAction) => (
                <option key={a} value={a}>
                  {auditActionLabels[a]}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => onChange({ from: e.target.value })} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? `${id}-range` : undefined}
        />
        {rangeError ? (
          <p id={`${id}-range`} className="text-sm text-destructive">
            {rangeError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
        {/* lines the button up with the fields on a wide screen */}
        <span aria-hidden="true" className="hidden text-sm font-medium lg:block">
          &nbsp;
        </span>
        <Button variant="outline" className="h-10" disabled={!any} onClick={() => onChange({ by: '', action: '', from: '', to: '' })}>
          Clear filters
        </Button>
      </div>
    </div>
  );
}
