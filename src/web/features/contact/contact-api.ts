// The contact form's call: the shared contract, sent through the typed client (docs/conventions.md 2).
import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '../../../shared/schemas/contact';
import { apiRequest } from '../../lib/api';

export function createContactMessage(values: ContactMessageInput) {
  return apiRequest('createContactMessage', values);
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
