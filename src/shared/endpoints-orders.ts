// "My orders" (decisions 021 and 022): the signed-in customer's endpoints by name, loaded by the
// typed client with its first call to one of them, so the booking pages do not carry them; and a
// phone order's pay link (decision 058), which only the pay page calls.
import type { Endpoint } from './endpoints-public';

export const ordersEndpoints = {
  requestOrdersLink: { method: 'POST', path: '/api/orders/sign-in-link' },
  getPhoneOrder: { method: 'GET', path: '/api/bookings/:id/phone-order' },
  payPhoneOrder: { method: 'POST', path: '/api/bookings/:id/phone-order/checkout' },
  openOrdersSession: { method: 'POST', path: '/api/orders/session' },
  signOutOfOrders: { method: 'POST', path: '/api/orders/sign-out' },
  customerOrders: { method: 'GET', path: '/api/orders' },
  exportCustomerData: { method: 'GET', path: '/api/orders/export' },
  updateCustomerDetails: { method: 'PUT', path: '/api/orders/details' },
  eraseCustomerData: { method: 'POST', path: '/api/orders/erase' },
  customerOrder: { method: 'GET', path: '/api/orders/:id' },
  rescheduleOrder: { method: 'POST', path: '/api/orders/:id/reschedule' },
  chooseDelivery: { method: 'POST', path: '/api/orders/:id/delivery' },
  startOrderSeries: { method: 'POST', path: '/api/orders/:id/series' },
  // recurring pick-ups (decision 024): from the confirmation page and the series' own link
  startSeries: { method: 'POST', path: '/api/series' },
  getSeries: { method: 'GET', path: '/api/series/:id' },
  actOnSeries: { method: 'POST', path: '/api/series/:id/action' },
} as const satisfies Record<string, Endpoint>;
