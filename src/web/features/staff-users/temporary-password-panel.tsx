// A temporary password, shown once (spec: back-office 8): the master admin copies it and sends it
// to the person by a safe channel; it is never shown again once this panel is closed.
import { Check, Copy, KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';

export type OneTimePassword = { email: string; password: string; reason: 'created' | 'reset' };

export function TemporaryPasswordPanel({ value, onDone }: { value: OneTimePassword; onDone: () => void }) {
  const uid = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);

  // a new password takes the focus, so nobody misses it (and a screen reader reads it out)
  useEffect(() => {
    setCopied(false);
    headingRef.current?.focus();
  }, [value]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value.password);
      setCopied(true);
      toast.success('Copied!');
    } catch {
      toast.error('Could not copy', { description: 'Select the password and copy it by hand.' });
    }
  };

  return (
    <section aria-labelledby={`${uid}-title`} className="rounded-xl border-2 border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <h2 id={`${uid}-title`} ref={headingRef} tabIndex={-1} className="font-bold text-amber-950 focus:outline-none">
            {value.reason === 'created' ? 'Temporary password for the new admin' : 'New temporary password'}
          </h2>
          <p className="text-sm text-amber-950">
            For <strong className="wrap-anywhere">{value.email}</strong>. They sign in with it and choose their own password at once.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              className="min-w-0 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-base font-semibold tracking-wider wrap-anywhere text-slate-900 select-all"
            >
              {value.password}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => void copy()} className="self-start bg-white sm:self-auto">
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-sm font-semibold text-amber-950">Save this password securely. It won&apos;t be shown again.</p>
          <Button type="button" variant="outline" size="sm" onClick={onDone} className="self-start bg-white">
            I&apos;ve saved it
          </Button>
        </div>
      </div>
    </section>
  );
}
