// The billed part of the Send Invoice form (spec: back-office 3 "Manual invoice as sent", 5, 9):
// the add-on list, each switched on by its own labelled checkbox with its price and quantity, and
// the custom lines, added and removed. One compact row per item, column headings seen, each field
// named in full for screen readers ('Rush Delivery price ($)'), a row's errors under the whole row.
import { Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { newInvoiceLine, type InvoiceFormValues } from './invoice-form-values';

type Props = { uid: string; register: UseFormRegister<InvoiceFormValues>; errors: FieldErrors<InvoiceFormValues> };

/** A field of a row: its label said in full (`named` for screen readers, `label` seen where `seen`). */
function Cell({ id, named, label, seen, className, children }: { id: string; named: string; label: string; seen?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={seen ? 'sm:sr-only' : 'sr-only'}>
        <span className="sr-only">{named} </span>
        {label}
      </Label>
      {children}
    </div>
  );
}

function RowErrors({ errors, className }: { errors: { id: string; message: string | undefined }[]; className?: string }) {
  const shown = errors.filter((e) => e.message);
  if (shown.length === 0) return null;
  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      {shown.map((e) => (
        <p key={e.id} id={`${e.id}-error`} className="text-sm font-medium text-destructive">
          {e.message}
        </p>
      ))}
    </div>
  );
}

const headings = 'text-xs font-semibold tracking-wide text-slate-600 uppercase';
const addOnColumns = 'grid-cols-[minmax(0,1fr)_5.5rem_4.5rem] sm:grid-cols-[minmax(0,1fr)_8rem_6rem]';

export function AddOnFields({ uid, register, errors, values }: Props & { values: InvoiceFormValues['addOns'] }) {
  return (
    <div className="flex flex-col gap-2">
      <div aria-hidden="true" className={cn(headings, 'grid gap-3', addOnColumns)}>
        <span>Add-on</span>
        <span>Price ($)</span>
        <span>Qty</span>
      </div>
      <ul className="flex flex-col divide-y divide-slate-100" aria-label="Add-ons">
        {values.map((addOn, i) => {
          const id = `${uid}-addon-${i}`;
          const price = { id: `${id}-price`, message: errors.addOns?.[i]?.price?.message };
          const quantity = { id: `${id}-quantity`, message: errors.addOns?.[i]?.quantity?.message };
          return (
            <li key={addOn.name} className={cn('grid items-center gap-x-3 gap-y-1 py-2', addOnColumns)}>
              <div className="flex min-h-10 items-center gap-3">
                <input id={`${id}-on`} type="checkbox" className="size-5 shrink-0 accent-[var(--color-primary)]" {...register(`addOns.${i}.enabled`)} />
                <Label htmlFor={`${id}-on`} className={cn('cursor-pointer', addOn.enabled ? 'font-semibold' : '')}>
                  {addOn.name}
                </Label>
              </div>
              <Cell id={price.id} named={addOn.name} label="price ($)">
                <Input type="number" inputMode="decimal" min="0" step="0.01" {...fieldAria(price.id, price.message)} {...register(`addOns.${i}.price`)} />
              </Cell>
              <Cell id={quantity.id} named={addOn.name} label="quantity">
                <Input type="number" inputMode="numeric" min="1" step="1" {...fieldAria(quantity.id, quantity.message)} {...register(`addOns.${i}.quantity`)} />
              </Cell>
              <RowErrors errors={[price, quantity]} className="col-span-3" />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const lineColumns = 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem] sm:grid-cols-[minmax(0,1fr)_5rem_8rem_2.5rem]';

/**
 * The custom lines, kept in the form's values and changed through `setLines`. Not react-hook-form's
 * useFieldArray on purpose: the form library is one module shared with the public booking form,
 * whose size budget (decision 009) would carry useFieldArray's code for a back-office page.
 */
export function CustomLineFields({ uid, register, errors, lines, setLines }: Props & { lines: InvoiceFormValues['customLines']; setLines: (next: InvoiceFormValues['customLines'], focusIndex?: number) => void }) {
  // a stable key per line, so that removing one keeps the others' inputs; renewed when the form resets
  const [keys, setKeys] = useState<number[]>(() => lines.map((_, i) => i));
  const [nextKey, setNextKey] = useState(lines.length);
  if (keys.length !== lines.length) {
    setKeys(lines.map((_, i) => nextKey + i));
    setNextKey(nextKey + lines.length);
  }
  const add = () => {
    setKeys([...keys, nextKey]);
    setNextKey(nextKey + 1);
    setLines([...lines, newInvoiceLine()], lines.length);
  };
  const remove = (i: number) => {
    setKeys(keys.filter((_, j) => j !== i));
    setLines(lines.filter((_, j) => j !== i));
  };
  // about the list as a whole (too many lines): kept as the list's root beside row errors, or alone
  const listError = errors.customLines?.root?.message ?? errors.customLines?.message;
  return (
    <div className="flex flex-col gap-3">
      {lines.length > 0 ? (
        <div aria-hidden="true" className={cn(headings, 'hidden gap-3 sm:grid', lineColumns)}>
          <span>Description</span>
          <span>Qty</span>
          <span>Unit price ($)</span>
        </div>
      ) : null}
      <ol className="flex flex-col gap-3" aria-label="Custom lines">
        {lines.map((_line, i) => {
          const key = keys[i] ?? i;
          const id = `${uid}-line-${key}`;
          const named = `Line ${i + 1}`;
          const e = errors.customLines?.[i];
          const description = { id: `${id}-description`, message: e?.description?.message };
          const quantity = { id: `${id}-quantity`, message: e?.quantity?.message };
          const unitPrice = { id: `${id}-unitPrice`, message: e?.unitPrice?.message };
          return (
            <li key={key} className={cn('grid items-end gap-x-3 gap-y-2 rounded-lg border border-slate-200 p-3 sm:items-start sm:gap-y-1 sm:border-0 sm:p-0', lineColumns)}>
              <Cell id={description.id} named={named} label="Description" seen className="col-span-3 sm:col-span-1">
                <Input autoComplete="off" maxLength={200} {...fieldAria(description.id, description.message)} {...register(`customLines.${i}.description`)} />
              </Cell>
              <Cell id={quantity.id} named={named} label="Qty" seen>
                <Input type="number" inputMode="numeric" min="1" step="1" {...fieldAria(quantity.id, quantity.message)} {...register(`customLines.${i}.quantity`)} />
              </Cell>
              <Cell id={unitPrice.id} named={named} label="Unit price ($)" seen>
                <Input type="number" inputMode="decimal" min="0" step="0.01" {...fieldAria(unitPrice.id, unitPrice.message)} {...register(`customLines.${i}.unitPrice`)} />
              </Cell>
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove line ${i + 1}`} onClick={() => remove(i)}>
                <Trash2 aria-hidden="true" />
              </Button>
              <RowErrors errors={[description, quantity, unitPrice]} className="col-span-3 sm:col-span-4" />
            </li>
          );
        })}
      </ol>
      {listError ? <p className="text-sm font-medium text-destructive">{listError}</p> : null}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <Plus aria-hidden="true" />
          Add line
        </Button>
      </div>
    </div>
  );
}
