// "My orders" (decision 021): the sign-in by one-time link and the customer's own orders.
export { CustomerOrdersView } from './customer-orders-view';
