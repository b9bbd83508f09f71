// The endpoints whose body is a file (see ./endpoints.ts): apart, so that a page needing one of
// them loads no other endpoint's path.
import type { Endpoint } from './endpoints-public';

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
