// The Gift Cards list: a table where it fits, one card per gift card on a phone or a small
// tablet, the same facts and action in both (as All Bookings lays out its list).
import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import type { StaffGiftCard } from '../back-office-api';
import { codeEndingText, giftCardOrigin, resendAddress } from './gift-card-view';

type ListProps = { giftCards: StaffGiftCard[]; fetching: boolean; onResend: (card: StaffGiftCard) => void };

const columns = ['Code', 'Amount', 'Balance', 'Purchaser', 'Recipient', 'Date', 'Sold / Issued', 'Actions'];

/** Masked as the server answered it; a screen reader hears only its last 4 characters. */
function MaskedCode({ card }: { card: StaffGiftCard }) {
  return (
    <>
      <span aria-hidden="true" className="font-mono tracking-wider whitespace-nowrap text-slate-900">
        {card.maskedCode}
      </span>
      <span className="sr-only">{codeEndingText(card.maskedCode)}</span>
    </>
  );
}

function Recipient({ card }: { card: StaffGiftCard }) {
  if (!card.recipientName && !card.recipientEmail) return <span className="text-slate-600">Not recorded</span>;
  return (
    <>
      {card.recipientName ? <p className="font-medium text-slate-900">{card.recipientName}</p> : null}
      {card.recipientEmail ? <p className="text-slate-600 wrap-anywhere">{card.recipientEmail}</p> : null}
    </>
  );
}

function Purchaser({ card }: { card: StaffGiftCard }) {
  return card.purchaserEmail ? <span className="wrap-anywhere">{card.purchaserEmail}</span> : <span className="text-slate-600">Not recorded</span>;
}

function Origin({ card }: { card: StaffGiftCard }) {
  return <Badge variant={card.sold ? 'success' : 'secondary'}>{giftCardOrigin(card)}</Badge>;
}

function ResendButton({ card, onResend, className }: { card: StaffGiftCard; onResend: (card: StaffGiftCard) => void; className?: string }) {
  const to = resendAddress(card);
  if (!to) return <span className="text-slate-600">No email to send</span>;
  return (
    <Button size="sm" variant="outline" className={className} onClick={() => onResend(card)}>
      <Send aria-hidden="true" />
      Resend email<span className="sr-only"> to {to}</span>
    </Button>
  );
}

export function GiftCardTable({ giftCards, fetching, onResend }: ListProps) {
  return (
    <Table caption="Gift cards" columns={columns} busy={fetching} className="min-w-[60rem]">
      {giftCards.map((c) => (
        <tr key={c.id}>
          <td className="py-3 pr-3 pl-6">
            <MaskedCode card={c} />
          </td>
          <td className="px-3 py-3 font-semibold whitespace-nowrap tabular-nums">{formatCents(c.amountCents)}</td>
          <td className="px-3 py-3 whitespace-nowrap tabular-nums">{formatCents(c.balanceCents)}</td>
          <td className="max-w-56 px-3 py-3">
            <Purchaser card={c} />
          </td>
          <td className="max-w-64 px-3 py-3">
            <Recipient card={c} />
          </td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDateTime(c.createdAt)}</td>
          <td className="px-3 py-3">
            <Origin card={c} />
          </td>
          <td className="py-3 pr-6 pl-3">
            <ResendButton card={c} onResend={onResend} className="whitespace-nowrap" />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** One gift card on a narrow screen: the same facts and action as a table row, labelled. */
export function GiftCardCards({ giftCards, fetching, onResend }: ListProps) {
  const part = (label: string, body: ReactNode, className?: string) => (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd>{body}</dd>
    </div>
  );
  return (
    <ul aria-label="Gift cards" className={cn('divide-y divide-slate-200', fetching && 'opacity-70')}>
      {giftCards.map((c) => (
        <li key={c.id} className="flex flex-col gap-3 p-4 text-sm sm:px-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <MaskedCode card={c} />
              <p className="text-slate-600">{formatDateTime(c.createdAt)}</p>
            </div>
            <Origin card={c} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            {part('Amount', <span className="font-semibold tabular-nums">{formatCents(c.amountCents)}</span>)}
            {part('Balance', <span className="tabular-nums">{formatCents(c.balanceCents)}</span>)}
            {part('Recipient', <Recipient card={c} />, 'col-span-2')}
            {part('Purchaser', <Purchaser card={c} />, 'col-span-2')}
          </dl>
          <ResendButton card={c} onResend={onResend} className="w-full sm:w-fit" />
        </li>
      ))}
    </ul>
  );
}
