// /orders (decision 021): with a sign-in link's token, trade it for this device's session and take
// the token out of the address at once; signed in, the orders; signed out, the form that sends a link.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { useCustomerOrders, useOpenOrdersSession } from './orders-api';
import { OrdersList } from './orders-list';
import { OrdersSignInForm } from './sign-in-form';

export function CustomerOrdersView({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const open = useOpenOrdersSession();
  const tried = useRef(false);
  // what deleting their data answered, shown above the sign-in form they are back to
  const [erased, setErased] = useState<string | null>(null);
  useEffect(() => {
    if (!token || tried.current) return;
    tried.current = true;
    // the link works once: out of the address (and the history) whatever happens
    open.mutate(token, { onSettled: () => void navigate('/orders', { replace: true }) });
  }, [token, open, navigate]);
  const orders = useCustomerOrders(!token && !open.isPending);

  if (token || open.isPending) return <PageLoading label="Signing you in..." />;
  if (orders.isPending) return <PageLoading label="Loading your orders..." />;
  if (orders.error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
        <p>We could not load your orders. {orders.error.message}</p>
        <Button variant="outline" onClick={() => void orders.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!orders.data) return <OrdersSignInForm notice={open.error?.message ?? null} done={erased} />;
  return <OrdersList orders={orders.data} onErased={setErased} />;
}
