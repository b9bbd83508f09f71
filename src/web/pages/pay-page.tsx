// /pay?booking_id=&token= (docs/design.md 5.4): the customer pays what is still due on a weighed order;
// /pay?invoice=&token= (docs/design.md 9 invoices): a client pays a manual or subscription invoice;
// /pay?order=&token= (decision 058): a customer confirms a pick-up booked on the phone.
import { useSearchParams } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { PayAmountDue, PayInvoice, PayPhoneOrder } from '../features/amount-due';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';

export default function PayPage() {
  const [params] = useSearchParams();
  const invoiceId = params.get('invoice');
  const orderId = params.get('order');
  usePageTitle(invoiceId ? 'Pay your invoice' : orderId !== null ? 'Confirm your pick-up' : 'Pay what is due');
  return (
    <QueryProvider>
      <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
          {orderId !== null ? (
            <PayPhoneOrder bookingId={orderId} token={params.get('token') ?? ''} />
          ) : invoiceId !== null ? (
            <PayInvoice invoiceId={invoiceId} token={params.get('token') ?? ''} sessionId={params.get('session_id')} />
          ) : (
            <PayAmountDue bookingId={params.get('booking_id') ?? ''} token={params.get('token') ?? ''} sessionId={params.get('session_id')} />
          )}
        </div>
      </PublicLayout>
    </QueryProvider>
  );
}
