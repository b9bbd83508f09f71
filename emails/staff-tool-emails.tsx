// The staff tools' emails (spec: back-office 2 "Staff tools", 7 send-terms-email,
// send-manual-invoice, send-subscription-invoice): the terms (the same the site shows), an invoice
// with its lines, totals and due date (the PDF attached by emails/render.ts), and the receipt of an
// invoice paid through its link (docs/design.md 9 invoices). Amounts come formatted by the server (the
// shared pricing functions computed them).
import { Link, Text } from '@react-email/components';
import { brand } from './brand';
import { termsSectionsFor } from '../src/shared/terms';
import { EmailLayout } from './components/layout';
import { ActionButton, AmountTable, Callout, DetailTable, MultilineText, Paragraph, PhoneLink, SectionHeading, Small } from './components/parts';
import type { AmountRow } from './components/parts';
import { styles } from './components/styles';
import type { InvoiceEmailData } from './email-data';

function Questions() {
  return (
    <Small>
      Questions? Call us at <PhoneLink /> or reply to this email.
    </Small>
  );
}

export type TermsEmailProps = { clientName: string; termsUrl: string };

export function TermsEmail(d: TermsEmailProps) {
  return (
    <EmailLayout preview={`The terms of service of ${brand().name}.`} heading="Our terms of service">
      <Paragraph>{d.clientName ? <>Hi {d.clientName},</> : 'Hello,'}</Paragraph>
      <Paragraph>
        Here are the terms of service of {brand().name}; they are also at{' '}
        <Link href={d.termsUrl} style={styles.link}>
          {d.termsUrl}
        </Link>
        .
      </Paragraph>
      {termsSectionsFor(brand()).map((s) => (
        <div key={s.title}>
          <SectionHeading uppercaseInText>{s.title}</SectionHeading>
          {s.paragraphs.map((p) => (
            <Paragraph key={p}>{p}</Paragraph>
          ))}
        </div>
      ))}
      <Questions />
    </EmailLayout>
  );
}

/** An invoice's word: "invoice" or "subscription invoice". */
const invoiceWord = (d: Pick<InvoiceEmailData, 'kind'>) => (d.kind === 'subscription' ? 'subscription invoice' : 'invoice');

export function InvoiceEmail({ data: d }: { data: InvoiceEmailData }) {
  const rows: AmountRow[] = [
    ...d.lines.map((l) => ({ label: `${l.description} — ${l.quantity} × ${l.unitPrice}`, amount: l.total })),
    { label: 'Subtotal', amount: d.subtotal },
    ...(d.tax ? [{ label: 'Tax', amount: d.tax }] : []),
    { label: 'Total', amount: d.total, total: true },
  ];
  return (
    <EmailLayout preview={`Invoice ${d.invoiceNumber}: ${d.total} due ${d.dueDate}.`} heading={`Invoice ${d.invoiceNumber}`}>
      <Paragraph>Hi {d.clientName},</Paragraph>
      <Paragraph>
        Here is your {invoiceWord(d)} <strong>{d.invoiceNumber}</strong> from {brand().name}; the PDF is attached.
      </Paragraph>
      <Callout>
        <Small>Amount due</Small>
        <Text style={styles.confirmation}>{d.total}</Text>
        <Small>Due {d.dueDate}</Small>
      </Callout>
      <SectionHeading>Services</SectionHeading>
      <AmountTable rows={rows} />
      {d.nextBillingDate ? <Paragraph>Your next monthly invoice is sent on {d.nextBillingDate}.</Paragraph> : null}
      {d.notes.trim() ? (
        <Paragraph>
          <strong>Notes:</strong> <MultilineText value={d.notes} />
        </Paragraph>
      ) : null}
      {d.payUrl ? (
        <>
          <ActionButton href={d.payUrl} skipInText>{`Pay ${d.total} online`}</ActionButton>
          <Small>
            Pay it online by card:{' '}
            <Link href={d.payUrl} style={{ ...styles.link, wordBreak: 'break-all' }}>
              {d.payUrl}
            </Link>
          </Small>
        </>
      ) : null}
      <Questions />
    </EmailLayout>
  );
}

export type InvoiceReceiptProps = { clientName: string; invoiceNumber: string; amount: string };

export function InvoiceReceiptEmail(d: InvoiceReceiptProps) {
  return (
    <EmailLayout preview={`We received your payment of ${d.amount} for invoice ${d.invoiceNumber}.`} heading="Payment received">
      <Paragraph>Hi {d.clientName},</Paragraph>
      <Paragraph>
        We received your payment of <strong>{d.amount}</strong> for invoice {d.invoiceNumber}. Thank you!
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Invoice', value: d.invoiceNumber },
          { label: 'Amount paid', value: d.amount },
        ]}
      />
      <Questions />
    </EmailLayout>
  );
}
