// The Customers tab of the back office.
export { CustomersTab } from './customers-tab';
