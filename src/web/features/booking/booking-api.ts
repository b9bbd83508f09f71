import { useMutation, useQuery } from '@tanstack/react-query';
import { contracts } from '../../../shared/api';
import { addDays } from '../../../shared/dates';
import type { CreateBookingRequest } from '../../../shared/schemas/booking';
import { apiRequest } from '../../lib/api';

export function useAvailability() {
  return useQuery({
    queryKey: ['availability'],
    queryFn: ({ signal }) => apiRequest(contracts.availability, undefined, { signal }),
    staleTime: 60_000,
  });
}

export function useValidateGiftCard() {
  return useMutation({
    mutationFn: (giftCardCode: string) => apiRequest(contracts.validateGiftCard, { giftCardCode }),
  });
}

export function useQuoteBooking() {
  return useMutation({ mutationFn: (body: CreateBookingRequest) => apiRequest(contracts.quoteBooking, body) });
}

export function useCreateBooking() {
  return useMutation({ mutationFn: (body: CreateBookingRequest) => apiRequest(contracts.createBooking, body) });
}

export function useBooking(bookingId: string | null) {
  return useQuery({
    queryKey: ['booking', bookingId],
    queryFn: ({ signal }) => apiRequest(contracts.getBooking, undefined, { params: { id: bookingId! }, signal }),
    enabled: Boolean(bookingId),
    retry: false,
  });
}

export function calendarRange(today: string) {
  return { from: today, to: addDays(today, 90) };
}
