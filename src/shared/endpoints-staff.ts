// The back office's and the pro portal's endpoints by name (behind the staff and pro guards):
// loaded by the typed client the first time one of them is called, so no public page carries them.
import type { Endpoint } from './endpoints-public';

export const staffEndpoints = {
  adminMe: { method: 'GET', path: '/api/admin/me' },
  changeOwnPassword: { method: 'POST', path: '/api/admin/me/password' },
  listAdmins: { method: 'GET', path: '/api/admin/admins' },
  createAdmin: { method: 'POST', path: '/api/admin/admins' },
  setAdminStatus: { method: 'POST', path: '/api/admin/admins/:id/status' },
  resetAdminPassword: { method: 'POST', path: '/api/admin/admins/:id/reset-password' },
  auditLog: { method: 'GET', path: '/api/admin/audit' },
  // decision 055: the business's settings, read by admins, saved a section at a time by a master admin
  getSettings: { method: 'GET', path: '/api/admin/settings' },
  saveSettings: { method: 'PUT', path: '/api/admin/settings' },
  openForBookings: { method: 'POST', path: '/api/admin/settings/open' },
  // promo codes managed in Settings: listed by admins, created, paused, resumed and ended by a master admin
  listPromoCodes: { method: 'GET', path: '/api/admin/promo-codes' },
  createPromoCode: { method: 'POST', path: '/api/admin/promo-codes' },
  changePromoCode: { method: 'POST', path: '/api/admin/promo-codes/:code' },
  dashboardStats: { method: 'GET', path: '/api/admin/stats' },
  systemStatus: { method: 'GET', path: '/api/admin/system' },
  customerPage: { method: 'GET', path: '/api/admin/bookings/:id/customer' },
  addCustomerNote: { method: 'POST', path: '/api/admin/bookings/:id/customer/notes' },
  listStaffBookings: { method: 'GET', path: '/api/admin/bookings' },
  getStaffBooking: { method: 'GET', path: '/api/admin/bookings/:id' },
  setBookingStatus: { method: 'POST', path: '/api/admin/bookings/:id/status' },
  setBookingProgress: { method: 'POST', path: '/api/admin/bookings/:id/progress' },
  setPricePerPound: { method: 'POST', path: '/api/admin/bookings/:id/price-per-pound' },
  processWeight: { method: 'POST', path: '/api/admin/bookings/:id/weight' },
  getFinalReceipt: { method: 'GET', path: '/api/admin/bookings/:id/receipt' },
  sendFinalReceipt: { method: 'POST', path: '/api/admin/bookings/:id/receipt' },
  sendDeliveryConfirmation: { method: 'POST', path: '/api/admin/bookings/:id/delivery-confirmation' },
  deleteBooking: { method: 'DELETE', path: '/api/admin/bookings/:id' },
  // decision 031: a refund to the card or a credit to a gift card
  refundBooking: { method: 'POST', path: '/api/admin/bookings/:id/refunds' },
  // a customer who calls: their pick-up moved, their details corrected (decision 057)
  moveStaffBooking: { method: 'POST', path: '/api/admin/bookings/:id/move' },
  editStaffBookingDetails: { method: 'PUT', path: '/api/admin/bookings/:id/details' },
  // a phone order (decision 058): booked by staff, paid from the customer's link
  createPhoneOrder: { method: 'POST', path: '/api/admin/phone-orders' },
  resendPayLink: { method: 'POST', path: '/api/admin/bookings/:id/pay-link' },
  // a missed pick-up the pro reported (decision 057)
  confirmMissedPickup: { method: 'POST', path: '/api/admin/bookings/:id/missed-pickup/confirm' },
  dismissMissedPickup: { method: 'POST', path: '/api/admin/bookings/:id/missed-pickup/dismiss' },
  waiveNoShowFee: { method: 'POST', path: '/api/admin/bookings/:id/missed-pickup/waive' },
  // decision 034: correct the weight before the customer approved the bill
  reweighBooking: { method: 'POST', path: '/api/admin/bookings/:id/reweigh' },
  todaysSchedule: { method: 'GET', path: '/api/admin/schedule' },
  listMessages: { method: 'GET', path: '/api/admin/messages' },
  setMessageHandled: { method: 'POST', path: '/api/admin/messages/:id/handled' },
  listOutbox: { method: 'GET', path: '/api/admin/outbox' },
  resendOutboxMessage: { method: 'POST', path: '/api/admin/outbox/:id/resend' },
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
  // decision 041: staff take a pro's portal access away; a pro confirms a new sign-in email
  revokeProPortal: { method: 'POST', path: '/api/admin/pros/:id/portal-revoke' },
  confirmProEmail: { method: 'POST', path: '/api/pro-email/confirm' },
  proPortal: { method: 'GET', path: '/api/pro/portal' },
  proAssignmentStep: { method: 'POST', path: '/api/pro/assignments/:id/step' },
  proOnMyWay: { method: 'POST', path: '/api/pro/assignments/:id/on-my-way' },
  proMissedPickup: { method: 'POST', path: '/api/pro/assignments/:id/missed-pickup' },
  listStaffGiftCards: { method: 'GET', path: '/api/admin/gift-cards' },
  resendGiftCardEmail: { method: 'POST', path: '/api/admin/gift-cards/:id/resend' },
  // the staff tools and invoices (spec: back-office 2, 7)
  sendTerms: { method: 'POST', path: '/api/admin/tools/terms' },
  sendManualInvoice: { method: 'POST', path: '/api/admin/invoices' },
  sendSubscriptionInvoice: { method: 'POST', path: '/api/admin/subscriptions' },
  listInvoices: { method: 'GET', path: '/api/admin/invoices' },
  markInvoicePaid: { method: 'POST', path: '/api/admin/invoices/:id/paid' },
  invoiceIncome: { method: 'GET', path: '/api/admin/invoices/income' },
  listSubscriptions: { method: 'GET', path: '/api/admin/subscriptions' },
  setSubscriptionStatus: { method: 'POST', path: '/api/admin/subscriptions/:id/status' },
  // the Reports tab (decision 026), both roles
  getReport: { method: 'GET', path: '/api/admin/reports' },
} as const satisfies Record<string, Endpoint>;
