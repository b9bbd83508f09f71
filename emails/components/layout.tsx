// The frame every Washday email shares: the business name in a brand-coloured header, the help
// contacts and service area in the footer. Tables and inline styles only (React Email components),
// so it reads the same in Gmail, Outlook and Apple Mail; no web fonts, no images.
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { brand } from '../brand';
import { EmailLink, PhoneLink } from './parts';
import { styles } from './styles';

export function EmailLayout({ preview, heading, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brandName}>{brand().name}</Text>
            <Text style={styles.brandContact}>
              <Link href={brand().phoneHref} style={styles.headerLink}>
                {brand().phone}
              </Link>
              {' · '}
              <Link href={`mailto:${brand().email}`} style={styles.headerLink}>
                {brand().email}
              </Link>
            </Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.h1}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={styles.footer}>
            <Hr style={styles.hr} />
            <Text style={styles.footerText}>
              <strong>{brand().name}</strong>: laundry pick-up and delivery in {listTowns()}, {brand().state}.
            </Text>
            <Text style={styles.footerText}>
              Pick-ups and deliveries {brand().serviceDaysLabel}, {brand().serviceHoursLabel}.
            </Text>
            <Text style={styles.footerText}>
              Questions? Call{' '}
              <PhoneLink />{' '}
              or write to{' '}
              <EmailLink />
              .
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function listTowns(): string {
  const towns = [...brand().towns];
  const last = towns.pop();
  return towns.length ? `${towns.join(', ')} and ${last}` : (last ?? '');
}
