// The database's schema, one file per capability (decision 049); this index is what the code
// imports as `db/schema` and what drizzle-kit reads (drizzle.config.ts). A new file is exported here,
// or drizzle-kit never sees its tables. The files import each other one way: bookings points at
// gift cards and series, and what belongs to a booking points at bookings.
export * from './bookings';
export * from './booking-money';
export * from './contact';
export * from './customers';
export * from './gift-card-ledger';
export * from './gift-cards';
export * from './invoices';
export * from './laundry-pros';
export * from './notifications';
export * from './payments';
export * from './payouts';
export * from './phone-orders';
export * from './platform';
export * from './promo-codes';
export * from './ratings';
export * from './refunds';
export * from './series';
export * from './settings';
export * from './staff';
export * from './stops';
