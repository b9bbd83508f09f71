// "Delete my data" (decision 022): explained first, then confirmed in place, where the customer
// types DELETE; refused with the server's reason while an order is open or money is owed. (An
// inline step rather than the back office's dialog: /orders stays inside its bundle budget.)
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { useEraseCustomerData } from './orders-api';

export function EraseDataSection({ canErase, onErased }: { canErase: boolean; onErased: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useEraseCustomerData();
  const confirmError = erase.error instanceof ApiRequestError ? erase.error.fields.confirm : undefined;
  const general = erase.error && !confirmError ? erase.error.message : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    erase.mutate(typed, { onSuccess: (res) => onErased(res.message) });
  }

  return (
    <section aria-labelledby="erase-heading" className="flex flex-col gap-3 rounded-2xl border border-border bg-white p-5 shadow-sm">
      <h2 id="erase-heading" className="text-lg font-bold">
        Delete my data
      </h2>
      <p className="text-sm text-muted-foreground">
        We delete your name, email, phone, address, preferences and messages, and sign you out everywhere. For our accounts, your orders stay with their amounts, dates and town only.
        {canErase ? null : ' This is possible once every order is delivered or cancelled and nothing is owed.'}
      </p>
      {general ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {general}
        </p>
      ) : null}
      {confirming ? (
        <form onSubmit={submit} noValidate aria-label="Confirm deleting your data" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <Field id="erase-confirm" label="This cannot be undone. Type DELETE to confirm." error={confirmError}>
            <Input {...fieldAria('erase-confirm', confirmError, true)} autoComplete="off" autoCapitalize="characters" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" variant="destructive" disabled={erase.isPending}>
              {erase.isPending ? 'Deleting...' : 'Delete my data for good'}
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={erase.isPending} onClick={() => setConfirming(false)}>
              Keep my data
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="outline" size="sm" className="border-red-300 text-red-800 hover:bg-red-50" disabled={!canErase} onClick={() => (erase.reset(), setTyped(''), setConfirming(true))}>
            <Trash2 aria-hidden="true" />
            Delete my data
          </Button>
        </div>
      )}
    </section>
  );
}
