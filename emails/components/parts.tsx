// Building blocks of the templates. User-typed text is only ever passed as React children or
// attribute values, so React escapes it: nothing here builds HTML from strings.
import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { brand } from '../brand';
import { styles } from './styles';

/** A section's heading; `uppercaseInText` sets it in capitals in the plain-text version (emails/render-core.ts). */
export function SectionHeading({ children, uppercaseInText = false }: { children: ReactNode; uppercaseInText?: boolean }) {
  return (
    <Heading as="h2" style={styles.h2} {...(uppercaseInText ? { 'data-text-format': 'uppercase' } : {})}>
      {children}
    </Heading>
  );
}

/** The business's phone number as a tel: link. */
export function PhoneLink() {
  return (
    <Link href={brand().phoneHref} style={styles.link}>
      {brand().phone}
    </Link>
  );
}

/** The business's email address as a mailto: link. */
export function EmailLink() {
  return (
    <Link href={`mailto:${brand().email}`} style={styles.link}>
      {brand().email}
    </Link>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** Secondary text. `skipInText` leaves it out of the plain-text version (e.g. a link the text already shows). */
export function Small({ children, skipInText = false }: { children: ReactNode; skipInText?: boolean }) {
  return (
    <Text style={styles.muted} {...(skipInText ? { 'data-skip-in-text': 'true' } : {})}>
      {children}
    </Text>
  );
}

export function Callout({ children }: { children: ReactNode }) {
  return <Section style={styles.callout}>{children}</Section>;
}

/** A clear button to the link; in the plain text, its label then the link (or nothing, with `skipInText`). */
export function ActionButton({ href, children, skipInText = false }: { href: string; children: ReactNode; skipInText?: boolean }) {
  return (
    <Section style={{ margin: '16px 0' }} {...(skipInText ? { 'data-skip-in-text': 'true' } : {})}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** The button, then the link written out for a mail client that shows no button (HTML only: the text has it once). */
export function ButtonWithLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <ActionButton href={href}>{children}</ActionButton>
      <Small skipInText>
        Or open this link:{' '}
        <Link href={href} style={{ ...styles.link, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Small>
    </>
  );
}

/** Free text typed by a person: each line break becomes a <br>, so it survives in HTML and in text. */
export function MultilineText({ value, empty = 'None' }: { value: string; empty?: string }) {
  const lines = value.trim() ? value.trim().split(/\r\n|\r|\n/) : [empty];
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

export type DetailRow = { label: string; value: ReactNode };

/** How to reach a customer, in an email to the business: their email as a link, and their phone or "Not given". */
export function customerReachRows(d: { email: string; phone: string }): DetailRow[] {
  return [
    {
      label: 'Email',
      value: (
        <Link href={`mailto:${d.email}`} style={styles.link}>
          {d.email}
        </Link>
      ),
    },
    { label: 'Phone', value: d.phone.trim() || 'Not given' },
  ];
}

/** Label / value pairs as a two-column table; one "Label: value" line each in the text version. */
export function DetailTable({ rows }: { rows: DetailRow[] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} width="100%" style={styles.table} data-text-format="details">
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <td style={styles.labelCell}>{row.label}</td>
            <td style={styles.valueCell}>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export type AmountRow = { label: ReactNode; amount: string; total?: boolean };

/** A priced summary: description on the left, the amount right-aligned. */
export function AmountTable({ rows }: { rows: AmountRow[] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} width="100%" style={styles.table} data-text-format="details">
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <td style={row.total ? styles.totalCell : styles.valueCell}>{row.label}</td>
            <td style={row.total ? styles.totalAmountCell : styles.amountCell}>{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
