// The frame and form plumbing the three staff tools share: the page's heading with the way back to
// the dashboard, a titled section of a form, and a react-hook-form resolver over a tool's reader
// (form-read.ts), whose messages land beside their fields, rows of a list included.
import { toNestErrors } from '@hookform/resolvers';
import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Resolver, UseFormTrigger, UseFormWatch } from 'react-hook-form';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import type { FormRead } from './form-read';

export function ToolPage({ title, intro, wide, children }: { title: string; intro: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('mx-auto flex w-full flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8', wide ? 'max-w-6xl' : 'max-w-2xl')}>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-sm text-slate-600">
          {intro}{' '}
          <a className="text-primary underline" href="/admin">
            Back to the dashboard
          </a>
        </p>
      </div>
      {children}
    </div>
  );
}

export function FormSection({ title, description, className, children }: { title: string; description?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 rounded-xl p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-bold leading-tight">{title}</h2>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      <div className={cn('grid gap-4', className)}>{children}</div>
    </Card>
  );
}

/** A resolver over a tool's reader: the request when the form reads, else each field's message (by its path). */
export function toolResolver<V extends FieldValues, R>(read: (values: V) => FormRead<R>): Resolver<V, unknown, R> {
  return (values, _context, options) => {
    const result = read(values);
    if (result.ok) return { values: result.request, errors: {} };
    const flat: FieldErrors = {};
    for (const [path, message] of Object.entries(result.errors)) flat[path] = { type: 'validate', message };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/**
 * Once a form was sent and refused, every change staff make checks it all again: a rule across
 * fields (no services yet) clears as soon as another field fixes it, not on the next send only.
 * Subscribed to the values staff change, not to the errors a check sets (no loop).
 */
export function useLiveRecheck<V extends FieldValues>(watch: UseFormWatch<V>, trigger: UseFormTrigger<V>, submitted: boolean) {
  const wasSubmitted = useRef(submitted);
  useEffect(() => {
    wasSubmitted.current = submitted;
  }, [submitted]);
  useEffect(() => {
    // a field's change names it; a reset (after a send) names none, and leaves the fresh form unmarked
    const subscription = watch((_values, { name }) => {
      if (wasSubmitted.current && name !== undefined) void trigger();
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger]);
}
