// A money movement as payments records it (docs/design.md 5): what the operation asks the gateway to
// do, stored with its idempotency key (operations.service.ts) and handed, once it succeeded, to the
// effect the booking's owner registered (handler-registry.ts, decision 051).
export type OperationKind = 'capture' | 'release' | 'charge_off_session' | 'authorize_off_session' | 'refund' | 'transfer';

export type OperationRequest =
  | { kind: 'capture'; paymentIntentId: string; amountCents: number }
  | { kind: 'release'; paymentIntentId: string; amountCents: 0 }
  | {
      kind: 'charge_off_session';
      customerId: string;
      paymentMethodId: string;
      amountCents: number;
      description: string;
      /** An approved final invoice (docs/design.md 5.5): the tip in the charge, the amount due it pays, and the approval it records. */
      invoice?: { tipCents: number; dueCents: number };
    }
  /** A recurring pick-up's hold on the saved card (decision 024): authorised, captured at the weighing. */
  | {
      kind: 'authorize_off_session';
      customerId: string;
      paymentMethodId: string;
      amountCents: number;
      description: string;
      /** decision 035: a renewed hold takes the place of this one, if the booking still stands on it unweighed. */
      replaces?: string;
    }
  | { kind: 'refund'; paymentIntentId: string; amountCents: number }
  /** sourceTransaction: the booking's charge that funds it (docs/design.md 9). */
  | { kind: 'transfer'; accountId: string; amountCents: number; description: string; sourceTransaction?: string };
