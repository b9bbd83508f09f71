// Every API contract in one place: path, method, request and response schemas. The server
// validates with these, the typed web client sends with them (STYLE.md 2).
import type { z } from 'zod';
import { healthResponseSchema } from './schemas/common';
import {
  abandonedCheckoutRequestSchema,
  cancelBookingRequestSchema,
  cancelBookingResponseSchema,
  cancellationResponseSchema,
  abandonedCheckoutResponseSchema,
  availabilityResponseSchema,
  bookingQuoteSchema,
  createBookingRequestSchema,
  createBookingResponseSchema,
  publicBookingSchema,
  validateGiftCardRequestSchema,
  validateGiftCardResponseSchema,
} from './schemas/booking';
import { contactMessageInputSchema, contactMessageResponseSchema } from './schemas/contact';
import {
  adminListResponseSchema,
  auditListResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  createAdminRequestSchema,
  createAdminResponseSchema,
  meResponseSchema,
  setAdminStatusRequestSchema,
  setAdminStatusResponseSchema,
  temporaryPasswordResponseSchema,
} from './schemas/admin';

export type Contract<Body extends z.ZodType | undefined, Response extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body: Body;
  response: Response;
};

function contract<Body extends z.ZodType | undefined, Response extends z.ZodType>(
  c: Contract<Body, Response>,
): Contract<Body, Response> {
  return c;
}

export const contracts = {
  health: contract({ method: 'GET', path: '/api/health', body: undefined, response: healthResponseSchema }),
  createContactMessage: contract({
    method: 'POST',
    path: '/api/contact',
    body: contactMessageInputSchema,
    response: contactMessageResponseSchema,
  }),
  quoteBooking: contract({
    method: 'POST',
    path: '/api/bookings/quote',
    body: createBookingRequestSchema,
    response: bookingQuoteSchema,
  }),
  createBooking: contract({
    method: 'POST',
    path: '/api/bookings',
    body: createBookingRequestSchema,
    response: createBookingResponseSchema,
  }),
  getBooking: contract({ method: 'GET', path: '/api/bookings/:id', body: undefined, response: publicBookingSchema }),
  getBookingBySession: contract({ method: 'GET', path: '/api/bookings/session/:sessionId', body: undefined, response: publicBookingSchema }),
  getCancellation: contract({ method: 'GET', path: '/api/bookings/:id/cancellation', body: undefined, response: cancellationResponseSchema }),
  cancelBooking: contract({ method: 'POST', path: '/api/bookings/:id/cancel', body: cancelBookingRequestSchema, response: cancelBookingResponseSchema }),
  recordAbandonedCheckout: contract({
    method: 'POST',
    path: '/api/bookings/abandoned',
    body: abandonedCheckoutRequestSchema,
    response: abandonedCheckoutResponseSchema,
  }),
  availability: contract({ method: 'GET', path: '/api/availability', body: undefined, response: availabilityResponseSchema }),
  // staff (behind the /api/admin guard; sign-in itself is better-auth's /api/auth/*)
  adminMe: contract({ method: 'GET', path: '/api/admin/me', body: undefined, response: meResponseSchema }),
  changeOwnPassword: contract({ method: 'POST', path: '/api/admin/me/password', body: changePasswordRequestSchema, response: changePasswordResponseSchema }),
  listAdmins: contract({ method: 'GET', path: '/api/admin/admins', body: undefined, response: adminListResponseSchema }),
  createAdmin: contract({ method: 'POST', path: '/api/admin/admins', body: createAdminRequestSchema, response: createAdminResponseSchema }),
  setAdminStatus: contract({ method: 'POST', path: '/api/admin/admins/:id/status', body: setAdminStatusRequestSchema, response: setAdminStatusResponseSchema }),
  resetAdminPassword: contract({ method: 'POST', path: '/api/admin/admins/:id/reset-password', body: undefined, response: temporaryPasswordResponseSchema }),
  auditLog: contract({ method: 'GET', path: '/api/admin/audit', body: undefined, response: auditListResponseSchema }),
  validateGiftCard: contract({
    method: 'POST',
    path: '/api/gift-cards/validate',
    body: validateGiftCardRequestSchema,
    response: validateGiftCardResponseSchema,
  }),
};
