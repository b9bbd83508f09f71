// A customer's page in the back office, opened from any of their bookings: their contact, every
// order with its money label, what they paid, owe and have on hold (the server's figures), and
// staff notes with a box to add one. Radix Dialog: focus kept inside, Escape closes.
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { pickupWindowLabel } from '../../../shared/business';
import { formatLongDate } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import { bookingStatusLabels, type BookingStatus } from '../../../shared/schemas/back-office';
import { addCustomerNoteRequestSchema } from '../../../shared/schemas/customer-page';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Field, fieldAria } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { Loading } from '../../components/ui/query-state';
import { useAddCustomerNote, useCustomerPage } from './customer-page-api';

type NoteInput = z.input<typeof addCustomerNoteRequestSchema>;
type NoteOutput = z.output<typeof addCustomerNoteRequestSchema>;

export function CustomerPageButton({ bookingId, name }: { bookingId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" aria-label={`Customer page of ${name}`}>
          <UserRound aria-hidden="true" />
          All orders
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">{name}</Dialog.Title>
            <Dialog.Close asChild>
              <Button size="icon" variant="ghost" aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Every order of this customer, their money and staff notes</Dialog.Description>
          {open ? <CustomerPageBody bookingId={bookingId} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CustomerPageBody({ bookingId }: { bookingId: string }) {
  const page = useCustomerPage(bookingId, true);
  if (page.isPending) return <Loading>Loading the customer...</Loading>;
  if (!page.data)
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the customer: {page.error?.message}
      </p>
    );
  const c = page.data;
  return (
    <>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <Fact label="Email" value={c.email} />
        <Fact label="Phone" value={c.phone} />
        <Fact label="Address" value={c.address} />
      </dl>
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-sm">
        <Fact label="Paid" value={formatCents(c.paidCents)} strong />
        <Fact label="Due" value={formatCents(c.dueCents)} strong tone={c.dueCents > 0 ? 'text-destructive' : undefined} />
        <Fact label="On hold" value={formatCents(c.onHoldCents)} strong />
      </dl>
      <section aria-labelledby={`${bookingId}-orders`} className="flex flex-col gap-2">
        <h3 id={`${bookingId}-orders`} className="font-semibold">
          Orders ({c.orders.length})
        </h3>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {c.orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
              <span>
                <span className="font-mono font-semibold">{o.confirmation}</span> · {formatLongDate(o.pickupDate)}, {pickupWindowLabel(o.pickupTime)}
              </span>
              <span className="text-slate-700">
                {bookingStatusLabels[o.bookingStatus as BookingStatus] ?? o.bookingStatus} · {o.moneyLabel}
              </span>
              {o.rating ? (
                // decision 063: how they rated it, and what they said
                <span className="basis-full text-slate-700" data-testid="order-rating">
                  <span className="font-medium text-slate-900">Rated {o.rating.label}</span>
                  {o.rating.comment ? <span className="wrap-anywhere whitespace-pre-line">: “{o.rating.comment}”</span> : null}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {c.series.length ? (
        <section aria-labelledby={`${bookingId}-series`} className="flex flex-col gap-2">
          <h3 id={`${bookingId}-series`} className="font-semibold">
            Regular pick-ups
          </h3>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
            {c.series.map((s) => (
              <li key={s.id} className="flex flex-col gap-1 p-3">
                <span>
                  <span className="font-semibold">{s.label}</span> · {s.statusLabel}
                  {s.nextLabel ? ` · next ${s.nextLabel}` : ''}
                </span>
                {s.lastIssue ? <span className="text-amber-900">{s.lastIssue}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Notes bookingId={bookingId} notes={c.notes} />
    </>
  );
}

function Notes({ bookingId, notes }: { bookingId: string; notes: { id: string; createdAt: string; body: string; authorEmail: string | null }[] }) {
  const add = useAddCustomerNote(bookingId);
  const id = `${bookingId}-note`;
  // the request's own schema checks the note before it is sent (docs/decisions/050)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<NoteInput, unknown, NoteOutput>({ resolver: zodResolver(addCustomerNoteRequestSchema), defaultValues: { body: '' } });
  const submit = handleSubmit((values) =>
    add.mutate(values.body, {
      onSuccess: () => reset({ body: '' }),
      onError: (error) => setError('body', { type: 'server', message: (error instanceof ApiRequestError && error.fields.body) || error.message }),
    }),
  );
  const error = errors.body?.message;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h3 id={`${id}-heading`} className="font-semibold">
        Notes
      </h3>
      {notes.length === 0 ? <p className="text-sm text-muted-foreground">No notes yet.</p> : null}
      <ul className="flex flex-col gap-2 text-sm">
        {notes.map((n) => (
          <li key={n.id} className="rounded-lg bg-amber-50 p-3 text-amber-950">
            <p className="break-words whitespace-pre-line">{n.body}</p>
            <p className="mt-1 text-xs text-amber-900">
              {n.authorEmail ?? 'Staff'} · {formatDateTime(n.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Field id={id} label="Add a note" error={error}>
          <Textarea {...fieldAria(id, error)} {...register('body')} maxLength={2000} rows={3} />
        </Field>
        <Button type="submit" size="sm" className="self-start" disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Save note'}
        </Button>
      </form>
    </section>
  );
}

function Fact({ label, value, strong, tone }: { label: string; value: string; strong?: boolean; tone?: string | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`break-words ${strong ? 'font-semibold tabular-nums' : ''} ${tone ?? ''}`}>{value}</dd>
    </div>
  );
}
