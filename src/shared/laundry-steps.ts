// Live progress (decision 023): the laundry steps between picked up and delivered, on their own so
// the booking pages, which never move an order, do not carry them (src/shared/order-progress.ts).
export const laundryStepValues = ['washing', 'ready', 'out_for_delivery'] as const;
