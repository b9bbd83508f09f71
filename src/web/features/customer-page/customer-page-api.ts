// The customer's page calls: the shared contracts through the typed client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

const pageKey = (bookingId: string) => ['customer-page', bookingId] as const;

export function useCustomerPage(bookingId: string, enabled: boolean) {
  return useQuery({ queryKey: pageKey(bookingId), queryFn: ({ signal }) => apiRequest('customerPage', undefined, { params: { id: bookingId }, signal }), enabled });
}

export function useAddCustomerNote(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest('addCustomerNote', { body }, { params: { id: bookingId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['customer-page'] }),
  });
}
