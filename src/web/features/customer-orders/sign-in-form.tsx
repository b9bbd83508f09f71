// Asking for a sign-in link (decisions 021 and 037): one field, the email or phone booked with. The
// answer is the same whether or not we know the address, so the page says what to look for, not
// whether it worked. A phone gets its link only by text: the hint says so before they ask.
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { orderSignInRequestSchema, type OrderSignInRequest } from '../../../shared/schemas/customer-orders-sign-in';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useRequestOrdersLink } from './orders-api';

export function OrdersSignInForm({ notice, done }: { notice?: string | null; done?: string | null }) {
  const request = useRequestOrdersLink();
  // the request's own schema checks the field before anything is sent (docs/decisions/050)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OrderSignInRequest>({ resolver: zodResolver(orderSignInRequestSchema), defaultValues: { address: '' } });
  const submit = handleSubmit((values) =>
    request.mutate(values.address, { onError: (error) => setError('address', { type: 'server', message: error.message }) }),
  );
  const error = errors.address?.message;
  const address = request.variables ?? '';

  if (request.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-white p-6 text-center shadow-sm">
        <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-bold">Check your {address.includes('@') ? 'email' : 'texts'}</h2>
        <p className="text-muted-foreground">{request.data.message}</p>
        <Button variant="outline" onClick={() => request.reset()}>
          Use another email or phone
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border border-border bg-white p-6 shadow-sm">
      {done ? (
        <p role="status" className="rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {done}
        </p>
      ) : null}
      {notice ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <Field id="orders-address" label="Email or phone number you booked with" required error={error} hint="We send you a link that signs you in on this device for 30 days, no password: by email, or by text if you agreed to texts when you booked.">
        <Input {...fieldAria('orders-address', error, true)} autoComplete="email" {...register('address')} />
      </Field>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send me a sign-in link'}
      </Button>
    </form>
  );
}
