// "My orders" calls (decision 021): the shared contracts through the typed client. The session is
// an HttpOnly cookie the browser sends on its own; a 401 means signed out.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetailsInput } from '../../../shared/schemas/customer-orders';
import { ApiRequestError, apiRequest } from '../../lib/api';

const ordersKey = ['customer-orders'] as const;

/** The signed-in customer's orders; null when nobody is signed in on this device. */
export function useCustomerOrders(enabled: boolean) {
  return useQuery({
    queryKey: ordersKey,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest('customerOrders', undefined, { signal });
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 401) return null;
        throw err;
      }
    },
    enabled,
    retry: false,
  });
}

export function useRequestOrdersLink() {
  return useMutation({ mutationFn: (address: string) => apiRequest('requestOrdersLink', { address }) });
}

/** Trades the link's token for this device's session, then reads the orders. */
export function useOpenOrdersSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest('openOrdersSession', { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

export function useSignOutOfOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('signOutOfOrders'),
    onSuccess: () => client.setQueryData(ordersKey, null),
  });
}

/** Moves one of the customer's pick-ups; the list is read again either way. */
export function useRescheduleOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (to: { pickupDate: string; pickupTime: string }) => apiRequest('rescheduleOrder', to, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** Chooses another delivery window for one of the customer's orders (decision 056); the list is read again either way. */
export function useChooseDelivery(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (to: { dueBackDate: string; dueBackTime: string }) => apiRequest('chooseDelivery', to, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** Saves the details of the customer's upcoming pick-ups; the list is read again after. */
export function useUpdateCustomerDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: CustomerDetailsInput) => apiRequest('updateCustomerDetails', details),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** Deletes the customer's data; they are signed out (decision 022). */
export function useEraseCustomerData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => apiRequest('eraseCustomerData', { confirm: confirm as 'DELETE' }),
    onSuccess: () => client.setQueryData(ordersKey, null),
  });
}

/** Repeats one of the customer's orders every one or two weeks (decision 024); the list is read again. */
export function useRepeatOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (everyWeeks: 1 | 2) => apiRequest('startOrderSeries', { everyWeeks }, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}
