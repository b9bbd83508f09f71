// One input of the Settings form, by the kind of value it holds (settings-form.ts): text, a list
// one per line, the service days as checkboxes, a time zone to pick, a whole number or dollars.
import { Field, fieldAria } from '../../components/ui/field';
import { fieldClass, Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { type FormField, timeZones, weekdayNames } from './settings-form';

export function SettingsField({ id, field, value, error, onChange }: { id: string; field: FormField; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const aria = fieldAria(id, error, Boolean(field.hint));
  if (field.kind === 'weekdays') {
    const days = new Set(value.split(',').filter(Boolean));
    const toggle = (day: string, on: boolean) => {
      const next = new Set(days);
      if (on) next.add(day);
      else next.delete(day);
      onChange([...next].sort().join(','));
    };
    return (
      <fieldset className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-3" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
        <legend className="mb-1.5 text-sm font-medium">{field.label}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {weekdayNames.map((name, i) => (
            <label key={name} className="flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" checked={days.has(String(i + 1))} onChange={(e) => toggle(String(i + 1), e.target.checked)} />
              {name}
            </label>
          ))}
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }
  const wide = field.kind === 'lines' || field.kind === 'windows';
  return (
    <Field id={id} label={field.label} hint={field.hint} error={error} className={wide ? 'sm:row-span-2' : undefined}>
      {field.kind === 'timeZone' ? (
        <select className={cn(fieldClass, 'h-10 py-2')} {...aria} value={value} disabled onChange={(e) => onChange(e.target.value)}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace('_', ' ')}
            </option>
          ))}
        </select>
      ) : wide ? (
        <textarea className={cn(fieldClass, 'min-h-28 py-2')} {...aria} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <div className="relative">
          {field.kind === 'dollars' || field.kind === 'optionalDollars' ? (
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">
              $
            </span>
          ) : null}
          <Input
            {...aria}
            className={field.kind === 'dollars' || field.kind === 'optionalDollars' ? 'pl-6' : undefined}
            type={field.kind === 'email' ? 'email' : field.kind === 'tel' ? 'tel' : 'text'}
            inputMode={field.kind === 'whole' ? 'numeric' : field.kind === 'dollars' || field.kind === 'optionalDollars' ? 'decimal' : undefined}
            autoComplete="off"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </Field>
  );
}
