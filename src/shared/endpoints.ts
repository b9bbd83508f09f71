// The method and path of every API endpoint, by name: what the browser needs at run time to call
// the API. Their request and response schemas are in ./api.ts (the contracts), which the server
// validates with and the web client takes its types from (type-only, so that no page carries the
// schemas of endpoints it never calls).
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Endpoint = { readonly method: Method; readonly path: string };

export const endpoints = {
  health: { method: 'GET', path: '/api/health' },
  createContactMessage: { method: 'POST', path: '/api/contact' },
  quoteBooking: { method: 'POST', path: '/api/bookings/quote' },
  createBooking: { method: 'POST', path: '/api/bookings' },
  getBooking: { method: 'GET', path: '/api/bookings/:id' },
  getBookingBySession: { method: 'GET', path: '/api/bookings/session/:sessionId' },
  getCancellation: { method: 'GET', path: '/api/bookings/:id/cancellation' },
  cancelBooking: { method: 'POST', path: '/api/bookings/:id/cancel' },
  getAmountDue: { method: 'GET', path: '/api/bookings/:id/amount-due' },
  payAmountDue: { method: 'POST', path: '/api/bookings/:id/amount-due/checkout' },
  getInvoice: { method: 'GET', path: '/api/bookings/:id/invoice' },
  approveInvoice: { method: 'POST', path: '/api/bookings/:id/invoice/approve' },
  questionInvoiceWeight: { method: 'POST', path: '/api/bookings/:id/invoice/question' },
  recordAbandonedCheckout: { method: 'POST', path: '/api/bookings/abandoned' },
  availability: { method: 'GET', path: '/api/availability' },
  adminMe: { method: 'GET', path: '/api/admin/me' },
  changeOwnPassword: { method: 'POST', path: '/api/admin/me/password' },
  listAdmins: { method: 'GET', path: '/api/admin/admins' },
  createAdmin: { method: 'POST', path: '/api/admin/admins' },
  setAdminStatus: { method: 'POST', path: '/api/admin/admins/:id/status' },
  resetAdminPassword: { method: 'POST', path: '/api/admin/admins/:id/reset-password' },
  auditLog: { method: 'GET', path: '/api/admin/audit' },
  dashboardStats: { method: 'GET', path: '/api/admin/stats' },
  listStaffBookings: { method: 'GET', path: '/api/admin/bookings' },
  getStaffBooking: { method: 'GET', path: '/api/admin/bookings/:id' },
  setBookingStatus: { method: 'POST', path: '/api/admin/bookings/:id/status' },
  setPricePerPound: { method: 'POST', path: '/api/admin/bookings/:id/price-per-pound' },
  processWeight: { method: 'POST', path: '/api/admin/bookings/:id/weight' },
  getFinalReceipt: { method: 'GET', path: '/api/admin/bookings/:id/receipt' },
  sendFinalReceipt: { method: 'POST', path: '/api/admin/bookings/:id/receipt' },
  sendDeliveryConfirmation: { method: 'POST', path: '/api/admin/bookings/:id/delivery-confirmation' },
  deleteBooking: { method: 'DELETE', path: '/api/admin/bookings/:id' },
  todaysSchedule: { method: 'GET', path: '/api/admin/schedule' },
  listMessages: { method: 'GET', path: '/api/admin/messages' },
  setMessageHandled: { method: 'POST', path: '/api/admin/messages/:id/handled' },
  listOutbox: { method: 'GET', path: '/api/admin/outbox' },
  resendOutboxMessage: { method: 'POST', path: '/api/admin/outbox/:id/resend' },
  validateGiftCard: { method: 'POST', path: '/api/gift-cards/validate' },
  createGiftCardPurchase: { method: 'POST', path: '/api/gift-cards/purchase' },
  getGiftCardPurchase: { method: 'GET', path: '/api/gift-cards/purchase/:sessionId' },
  listLaundryPros: { method: 'GET', path: '/api/admin/pros' },
  createLaundryPro: { method: 'POST', path: '/api/admin/pros' },
  updateLaundryPro: { method: 'PUT', path: '/api/admin/pros/:id' },
  startProOnboarding: { method: 'POST', path: '/api/admin/pros/:id/connect-account' },
  checkProAccount: { method: 'POST', path: '/api/admin/pros/:id/connect-status' },
  listAssignments: { method: 'GET', path: '/api/admin/assignments' },
  assignLaundryPro: { method: 'POST', path: '/api/admin/bookings/:id/laundry-pro' },
  payOutPro: { method: 'POST', path: '/api/admin/pros/:id/payouts' },
  listProPayouts: { method: 'GET', path: '/api/admin/pros/:id/payouts' },
  inviteProToPortal: { method: 'POST', path: '/api/admin/pros/:id/portal-invite' },
  proPortal: { method: 'GET', path: '/api/pro/portal' },
  proAssignmentStep: { method: 'POST', path: '/api/pro/assignments/:id/step' },
  listStaffGiftCards: { method: 'GET', path: '/api/admin/gift-cards' },
  resendGiftCardEmail: { method: 'POST', path: '/api/admin/gift-cards/:id/resend' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/**
 * The endpoints whose body is a file rather than JSON (DESIGN.md 9, files): the photo of the scale,
 * sent as the image itself, and read back as the image by staff and by the invoice link's holder.
 */
export const fileEndpoints = {
  uploadScalePhoto: { method: 'PUT', path: '/api/admin/bookings/:id/scale-photo' },
  getScalePhoto: { method: 'GET', path: '/api/admin/bookings/:id/scale-photo' },
  getInvoiceScalePhoto: { method: 'GET', path: '/api/bookings/:id/invoice/scale-photo' },
  /** A pro's yearly earnings statement, as CSV (decision 018). */
  proEarningsStatement: { method: 'GET', path: '/api/pro/statement' },
} as const satisfies Record<string, Endpoint>;
