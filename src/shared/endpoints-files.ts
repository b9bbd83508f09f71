// The endpoints whose body is a file (see ./endpoints.ts): apart, so that a page needing one of
// them loads no other endpoint's path.
import type { Endpoint } from './endpoints-public';

/**
 * The endpoints whose body is a file rather than JSON (docs/design.md 9, files): the photo of the scale,
 * sent as the image itself, and read back as the image by staff and by the invoice link's holder.
 */
export const fileEndpoints = {
  uploadScalePhoto: { method: 'PUT', path: '/api/admin/bookings/:id/scale-photo' },
  getScalePhoto: { method: 'GET', path: '/api/admin/bookings/:id/scale-photo' },
  getInvoiceScalePhoto: { method: 'GET', path: '/api/bookings/:id/invoice/scale-photo' },
  /** A stop's photo (decision 057): the pro sends it; staff and the order's customer read it. */
  uploadProStopPhoto: { method: 'PUT', path: '/api/pro/assignments/:id/photos/:kind' },
  getStopPhoto: { method: 'GET', path: '/api/admin/bookings/:id/photos/:kind' },
  getOrderStopPhoto: { method: 'GET', path: '/api/orders/:id/photos/:kind' },
  /** A pro's yearly earnings statement, as CSV (decision 018). */
  proEarningsStatement: { method: 'GET', path: '/api/pro/statement' },
  /** The back office's CSV exports (decision 027): bookings and invoices take their tab's filters as the query. */
  exportBookings: { method: 'GET', path: '/api/admin/exports/bookings.csv' },
  exportCustomers: { method: 'GET', path: '/api/admin/exports/customers.csv' },
  exportGiftCards: { method: 'GET', path: '/api/admin/exports/gift-cards.csv' },
  exportInvoices: { method: 'GET', path: '/api/admin/exports/invoices.csv' },
  exportAssignments: { method: 'GET', path: '/api/admin/exports/assignments.csv' },
  exportPayouts: { method: 'GET', path: '/api/admin/exports/payouts.csv' },
  /** Every CSV above in one zip: master admins only. */
  exportEverything: { method: 'GET', path: '/api/admin/exports/washday-export.zip' },
} as const satisfies Record<string, Endpoint>;
