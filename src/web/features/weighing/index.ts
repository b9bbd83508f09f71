// Weighing and the final receipt (spec: back-office 5, 6): the weight dialog, the receipt, and
// sending it.
export { WeightDialog } from './weight-dialog';
export { ReceiptDialog, ReceiptView, SendReceiptButton } from './receipt-view';
export { canReweigh, ReweighDialog } from './reweigh-dialog';
