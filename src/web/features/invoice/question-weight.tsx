// "Question this weight" (docs/design.md 5.5, transparent weighing): the customer who disputes the
// weight sends the business a question, once, with an optional short note. The server records it
// and emails the business; the page then says it was sent, on every later visit too.
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle, Scale } from 'lucide-react';
import { useState } from 'react';
import { WEIGHT_QUESTION_MAX_CHARS, weightQuestionNoteProblem, type Invoice } from '../../../shared/schemas/invoice';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { apiRequest, ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSiteBusiness } from '../../lib/site-business';

export function QuestionWeight({ invoice, bookingId, token, onSent }: { invoice: Invoice; bookingId: string; token: string; onSent: (i: Invoice) => void }) {
  const site = useSiteBusiness();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => apiRequest('questionInvoiceWeight', { token, note: note.trim() }, { params: { id: bookingId } }),
    onSuccess: (next) => {
      setOpen(false);
      onSent(next);
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && err.fields.note) setServerError(err.fields.note);
      else toast.error('Error', { description: err instanceof ApiRequestError ? err.message : 'Unable to send your question. Please try again.' });
    },
  });

  if (invoice.weightQuestionedAt)
    return (
      <p role="status" className="flex items-start gap-2 rounded-2xl border border-border bg-white p-4 text-left text-sm" data-testid="weight-question-sent">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
        <span>
          Your question about the weight was sent. We will check the weighing and get back to you at <span className="whitespace-nowrap">{site.phone}</span> or by email.
        </span>
      </p>
    );
  if (!open)
    return (
      <Button variant="outline" className="self-center" onClick={() => setOpen(true)}>
        <Scale aria-hidden="true" />
        Question this weight
      </Button>
    );

  const error = weightQuestionNoteProblem(note) ?? serverError ?? undefined;
  return (
    <form
      className="flex flex-col gap-3 rounded-2xl border border-border bg-white p-5 text-left shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (!error) send.mutate();
      }}
    >
      <h2 className="text-lg font-bold">Question this weight</h2>
      <p className="text-sm text-muted-foreground">Think the weight is wrong? Tell us, and we will check the weighing and get back to you.</p>
      <Field id="weight-question-note" label="Your note (optional)" error={error} hint={`${note.trim().length}/${WEIGHT_QUESTION_MAX_CHARS} characters.`}>
        <Textarea
          {...fieldAria('weight-question-note', error, true)}
          value={note}
          onChange={(e) => {
            setServerError(null);
            setNote(e.target.value);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending || Boolean(error)}>
          {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Send my question
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
