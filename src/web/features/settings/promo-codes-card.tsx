// Promo codes in the Settings tab (decision 055): each code with what it does, its limits, its
// uses and its state; a master admin pauses, resumes or ends one (ending asks first: it is for
// good) and creates a new one, every field checked by the shared schema before it is sent.
import { LoaderCircle, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import type { PromoCodeRow, PromoCodeState } from '../../../shared/schemas/promo-codes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadFailed, Loading } from '../../components/ui/query-state';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { emptyPromoDraft, fieldOf, type PromoDraft, type PromoErrors, promoSummary, readPromoDraft } from './promo-form';
import { useChangePromoCode, useCreatePromoCode, usePromoCodes } from './settings-api';

const stateBadge: Record<PromoCodeState, { label: string; variant: 'success' | 'secondary' | 'warning' | 'outline' }> = {
  active: { label: 'Active', variant: 'success' },
  paused: { label: 'Paused', variant: 'warning' },
  scheduled: { label: 'Not started', variant: 'secondary' },
  ended: { label: 'Ended', variant: 'outline' },
};

export function PromoCodesCard() {
  const query = usePromoCodes();
  const change = useChangePromoCode();
  const [ending, setEnding] = useState<string | null>(null);
  const act = (code: string, action: 'pause' | 'resume' | 'end') =>
    change.mutate(
      { code, action },
      {
        onSuccess: ({ promoCode }) => toast.success(`${promoCode.code}: ${stateBadge[promoCode.state].label.toLowerCase()}`),
        onError: (error) => toast.error('Promo code not changed', { description: error.message }),
        onSettled: () => setEnding(null),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Promo codes</CardTitle>
        <CardDescription>A code replaces the bag estimate with its own price a bag. Customers type it in the booking form; a pause or an end applies to the next booking.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {query.isPending ? (
          <Loading>Loading promo codes…</Loading>
        ) : query.isError ? (
          <LoadFailed title="The promo codes could not be loaded." query={query} />
        ) : query.data.promoCodes.length === 0 ? (
          <p className="text-sm text-slate-600">No promo codes yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label="Promo codes">
            {query.data.promoCodes.map((p) => (
              <PromoLine key={p.code} promo={p} canEdit={query.data.canEdit} pending={change.isPending && change.variables?.code === p.code} onAct={(action) => (action === 'end' ? setEnding(p.code) : act(p.code, action))} />
            ))}
          </ul>
        )}
        {query.data?.canEdit ? <NewPromoCode /> : query.data ? <p className="text-sm text-slate-600">Only a master admin can create or change promo codes.</p> : null}
      </CardContent>
      <ConfirmDialog
        open={ending !== null}
        title={`End ${ending ?? ''}?`}
        description="Customers can no longer use it from today. An ended code cannot be resumed: you would create a new one."
        confirmLabel="End the code"
        pendingLabel="Ending..."
        pending={change.isPending}
        destructive
        onConfirm={() => ending && act(ending, 'end')}
        onCancel={() => setEnding(null)}
      />
    </Card>
  );
}

function PromoLine({ promo, canEdit, pending, onAct }: { promo: PromoCodeRow; canEdit: boolean; pending: boolean; onAct: (action: 'pause' | 'resume' | 'end') => void }) {
  const badge = stateBadge[promo.state];
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold">{promo.code}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </p>
        {promo.description ? <p className="text-sm text-slate-700">{promo.description}</p> : null}
        <p className="text-sm text-slate-600">{promoSummary(promo)}</p>
      </div>
      {canEdit && promo.state !== 'ended' ? (
        <div className="flex shrink-0 gap-2">
          {promo.state === 'paused' ? (
            <Button size="sm" variant="outline" disabled={pending} onClick={() => onAct('resume')} aria-label={`Resume ${promo.code}`}>
              Resume
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={pending} onClick={() => onAct('pause')} aria-label={`Pause ${promo.code}`}>
              Pause
            </Button>
          )}
          <Button size="sm" variant="outline" disabled={pending} onClick={() => onAct('end')} aria-label={`End ${promo.code}`}>
            End
          </Button>
        </div>
      ) : null}
    </li>
  );
}

const textFields: { key: Exclude<keyof PromoDraft, 'waivesAddOns' | 'firstTimeOnly'>; label: string; hint?: string; type?: string; dollars?: boolean }[] = [
  { key: 'code', label: 'Code', hint: 'Letters and digits, e.g. SPRING5' },
  { key: 'description', label: 'Description', hint: 'For the staff; optional' },
  { key: 'bagRate', label: 'Price a bag', hint: 'In place of the bag estimate; 0.00 for free', dollars: true },
  { key: 'validFrom', label: 'Valid from', type: 'date', hint: 'Pick-up dates; empty: from now' },
  { key: 'validUntil', label: 'Valid until', type: 'date', hint: 'Empty: no end' },
  { key: 'maxUses', label: 'Uses in all', hint: 'Empty: no limit' },
  { key: 'maxUsesPerCustomer', label: 'Uses per customer', hint: 'Empty: no limit' },
];

function NewPromoCode() {
  const id = useId();
  const create = useCreatePromoCode();
  const [draft, setDraft] = useState<PromoDraft>(emptyPromoDraft);
  const [errors, setErrors] = useState<PromoErrors>({});
  const set = <K extends keyof PromoDraft>(key: K, value: PromoDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = () => {
    const read = readPromoDraft(draft);
    if (!read.ok) return setErrors(read.errors);
    setErrors({});
    create.mutate(read.input, {
      onSuccess: ({ promoCode }) => {
        toast.success(`${promoCode.code} created`);
        setDraft(emptyPromoDraft);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) {
          const next: PromoErrors = {};
          for (const [key, message] of Object.entries(error.fields)) next[fieldOf(key)] ??= message;
          setErrors(next);
        }
        toast.error('Promo code not created', { description: error.message });
      },
    });
  };
  return (
    <form
      aria-label="New promo code"
      className="flex flex-col gap-4 rounded-xl border border-dashed border-border p-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="font-semibold">New promo code</h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {textFields.map((f) => (
          <Field key={f.key} id={`${id}-${f.key}`} label={f.label} hint={f.hint} error={errors[f.key]}>
            <div className="relative">
              {f.dollars ? (
                <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">
                  $
                </span>
              ) : null}
              <Input
                {...fieldAria(`${id}-${f.key}`, errors[f.key], Boolean(f.hint))}
                className={f.dollars ? 'pl-6' : undefined}
                type={f.type ?? 'text'}
                inputMode={f.dollars ? 'decimal' : f.key.startsWith('max') ? 'numeric' : undefined}
                autoComplete="off"
                value={draft[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
              />
            </div>
          </Field>
        ))}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={draft.waivesAddOns} onChange={(e) => set('waivesAddOns', e.target.checked)} />
          Add-ons free
        </label>
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={draft.firstTimeOnly} onChange={(e) => set('firstTimeOnly', e.target.checked)} />
          First booking only
        </label>
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
          Create code
        </Button>
      </div>
    </form>
  );
}
