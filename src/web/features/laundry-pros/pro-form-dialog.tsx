// spec: back-office 2 and 5, the 'Add New Laundry Professional' dialog (and the same form to edit a
// pro): name required (submit disabled while it is blank after trimming), rates in dollars at least
// 0 (0.75 per lb and 0 an hour by default), start date today, active; 8: 'Failed to add laundry pro.'
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Save, UserPlus } from 'lucide-react';
import { useId, useLayoutEffect, useRef } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { prices } from '../../../shared/business';
import { businessTimeZone } from '../../lib/business-time';
import { todayIn } from '../../../shared/dates';
import { proStatusLabels, proStatusValues } from '../../../shared/schemas/laundry-pros';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { fieldClass, Input, Textarea } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useCreateLaundryPro, useUpdateLaundryPro, type LaundryPro } from './laundry-pros-api';
import { newProFormValues, proFormField, proFormValues, readProForm, type ProFormField, type ProFormValues, type ProProfile } from './pro-form-values';
import { useSettings } from '../settings';

const resolver: Resolver<ProFormValues, unknown, ProProfile> = (values) => {
  const result = readProForm(values);
  if (result.ok) return { values: result.profile, errors: {} };
  const errors: FieldErrors<ProFormValues> = {};
  for (const [field, message] of Object.entries(result.errors)) errors[field as ProFormField] = { type: 'validate', message };
  return { values: {}, errors };
};

type SaveProfile = (profile: ProProfile, onFieldErrors: (fields: Record<string, string>) => void) => void;

/** Open with `pro` null to add a pro, or with the pro to edit. */
export function ProFormDialog({ open, pro, onClose }: { open: boolean; pro: LaundryPro | null; onClose: () => void }) {
  const create = useCreateLaundryPro();
  const update = useUpdateLaundryPro();
  // a new pro starts at the pros' default rate the settings give (decision 055)
  const settings = useSettings();
  const defaultRateCents = settings.data?.settings.prices.proDefaultPerPoundCents ?? prices.proDefaultPerPoundCents;
  const busy = create.isPending || update.isPending;
  // opened from a card's Edit or the Add button rather than a Dialog.Trigger: go back to it on close
  const returnFocus = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement;
  }, [open]);

  const save: SaveProfile = (profile, onFieldErrors) => {
    const callbacks = {
      onSuccess: () => {
        toast.success(pro ? 'Laundry pro updated' : 'Laundry pro added', { description: profile.name });
        onClose();
      },
      onError: (error: Error) => {
        if (error instanceof ApiRequestError) onFieldErrors(error.fields);
        toast.error(pro ? 'Failed to update laundry pro.' : 'Failed to add laundry pro.', { description: error.message });
      },
    };
    if (pro) update.mutate({ id: pro.id, profile }, callbacks);
    else create.mutate(profile, callbacks);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold">{pro ? 'Edit Laundry Professional' : 'Add New Laundry Professional'}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            {pro ? `Change ${pro.name}'s profile.` : 'A pro is paid per pound for the orders assigned to them.'} Rates are in dollars.
          </Dialog.Description>
          {!pro && settings.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading the default rate...
            </p>
          ) : (
            <ProForm key={pro?.id ?? 'new'} pro={pro} defaultRateCents={defaultRateCents} busy={busy} onSave={save} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProForm({ pro, defaultRateCents, busy, onSave }: { pro: LaundryPro | null; defaultRateCents: number; busy: boolean; onSave: SaveProfile }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ProFormValues, unknown, ProProfile>({ resolver, defaultValues: pro ? proFormValues(pro) : newProFormValues(todayIn(businessTimeZone()), defaultRateCents) });
  const blankName = useWatch({ control, name: 'name' }).trim() === '';

  const onSubmit = handleSubmit((profile) =>
    onSave(profile, (fields) => {
      let first = true;
      for (const [key, message] of Object.entries(fields)) {
        const field = proFormField(key);
        if (!field) continue;
        setError(field, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
    }),
  );

  const id = (field: ProFormField) => `${uid}-${field}`;
  const aria = (field: ProFormField) => fieldAria(id(field), errors[field]?.message);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field id={id('name')} label="Name" required error={errors.name?.message} className="sm:col-span-2">
        <Input autoComplete="off" maxLength={120} aria-required="true" {...aria('name')} {...register('name')} />
      </Field>
      <Field id={id('email')} label="Email" error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="off" maxLength={254} {...aria('email')} {...register('email')} />
      </Field>
      <Field id={id('phone')} label="Phone" error={errors.phone?.message}>
        <Input type="tel" inputMode="tel" autoComplete="off" maxLength={40} {...aria('phone')} {...register('phone')} />
      </Field>
      <Field id={id('perPoundRate')} label="Rate per lb ($)" error={errors.perPoundRate?.message}>
        <Input type="number" inputMode="decimal" min="0" step="0.01" {...aria('perPoundRate')} {...register('perPoundRate')} />
      </Field>
      <Field id={id('hourlyRate')} label="Hourly rate ($)" error={errors.hourlyRate?.message}>
        <Input type="number" inputMode="decimal" min="0" step="0.01" {...aria('hourlyRate')} {...register('hourlyRate')} />
      </Field>
      <Field id={id('startDate')} label="Start date" error={errors.startDate?.message}>
        <Input type="date" {...aria('startDate')} {...register('startDate')} />
      </Field>
      <Field id={id('status')} label="Status" error={errors.status?.message}>
        <select className={cn(fieldClass, 'h-10 py-2')} {...aria('status')} {...register('status')}>
          {proStatusValues.map((s) => (
            <option key={s} value={s}>
              {proStatusLabels[s]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('notes')} label="Notes" error={errors.notes?.message} className="sm:col-span-2">
        <Textarea maxLength={1000} className="min-h-20" {...aria('notes')} {...register('notes')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button type="button" variant="outline" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={busy || blankName}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : pro ? <Save aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {busy ? 'Saving...' : pro ? 'Save Changes' : 'Add Laundry Pro'}
        </Button>
      </div>
    </form>
  );
}
