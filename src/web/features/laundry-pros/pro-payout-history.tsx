// A pro's payouts on their card (spec: back-office 3, payout record: the orders it covers;
// decision 018), read when staff open it: when, how much, its state, and the orders it paid.
import { useState } from "react";
import { formatCents } from "../../../shared/money";
import {
  payoutStatusLabels,
  type Payout,
} from "../../../shared/schemas/laundry-pros";
import { Badge } from "../../components/ui/badge";
import { LoadFailed, Loading } from "../../components/ui/query-state";
import { formatDateTime } from "../../lib/format";
import { useProPayouts, type LaundryPro } from "./laundry-pros-api";

const statusVariant = {
  paid: "success",
  processing: "warning",
  partly_paid: "warning",
  failed: "destructive",
} as const;

function PayoutRow({ payout }: { payout: Payout }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 p-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold tabular-nums">
          {formatCents(payout.amountCents)}
        </span>
        <Badge variant={statusVariant[payout.status]}>
          {payoutStatusLabels[payout.status]}
        </Badge>
      </div>
      <span className="text-slate-600">{formatDateTime(payout.createdAt)}</span>
      {payout.failure ? (
        <span className="text-red-700">{payout.failure}</span>
      ) : null}
      <span className="text-slate-700">
        Orders:{" "}
        <span className="font-mono">
          {payout.orders
            .map((o) => `${o.orderId} (${formatCents(o.amountCents)})`)
            .join(", ")}
        </span>
      </span>
    </li>
  );
}

export function ProPayoutHistory({ pro }: { pro: LaundryPro }) {
  const [open, setOpen] = useState(false);
  const payouts = useProPayouts(pro.id, open);
  return (
    <details
      className="border-t border-slate-200 pt-3"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">
        Payout History
      </summary>
      {/* read only when opened: a closed history neither asks the server nor spins */}
      {open ? (
        <div className="mt-2">
          {payouts.isPending ? (
            <Loading>Loading payouts...</Loading>
          ) : payouts.isError ? (
            <LoadFailed title="Failed to load payouts." query={payouts} />
          ) : payouts.data.length === 0 ? (
            <p className="text-slate-600">No payouts yet.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {payouts.data.map((p) => (
                <PayoutRow key={p.id} payout={p} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </details>
  );
}
