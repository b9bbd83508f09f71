// Inline styles for the email templates (email clients ignore most <style> blocks).
import type { CSSProperties } from 'react';

export const brand = '#0e7490';

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  body: { backgroundColor: '#f1f5f9', margin: 0, padding: '24px 0', fontFamily: font, color: '#0f172a' },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', border: '1px solid #e2e8f0', borderRadius: '8px' },
  header: { backgroundColor: brand, padding: '20px 24px', borderRadius: '8px 8px 0 0' },
  brandName: { color: '#ffffff', fontSize: '22px', fontWeight: 700, lineHeight: '28px', margin: 0 },
  brandContact: { color: '#cffafe', fontSize: '14px', lineHeight: '20px', margin: '4px 0 0' },
  headerLink: { color: '#ffffff', textDecoration: 'underline' },
  content: { padding: '8px 24px 8px' },
  h1: { color: '#0f172a', fontSize: '22px', lineHeight: '30px', fontWeight: 700, margin: '16px 0 8px' },
  h2: { color: brand, fontSize: '17px', lineHeight: '24px', fontWeight: 700, margin: '24px 0 8px' },
  text: { fontSize: '15px', lineHeight: '22px', margin: '8px 0' },
  muted: { fontSize: '13px', lineHeight: '20px', color: '#475569', margin: '8px 0' },
  link: { color: brand, textDecoration: 'underline' },
  button: {
    backgroundColor: brand,
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    textDecoration: 'none',
    borderRadius: '6px',
    padding: '12px 20px',
    display: 'inline-block',
  },
  callout: { backgroundColor: '#ecfeff', border: `1px solid #a5f3fc`, borderRadius: '6px', padding: '12px 16px', margin: '12px 0' },
  confirmation: { fontSize: '24px', lineHeight: '32px', fontWeight: 700, letterSpacing: '1px', color: brand, margin: '4px 0' },
  table: { width: '100%', borderCollapse: 'collapse', margin: '4px 0 8px' },
  labelCell: { fontSize: '14px', lineHeight: '20px', color: '#475569', padding: '6px 12px 6px 0', verticalAlign: 'top', width: '40%', borderBottom: '1px solid #f1f5f9' },
  valueCell: { fontSize: '14px', lineHeight: '20px', color: '#0f172a', padding: '6px 0', verticalAlign: 'top', borderBottom: '1px solid #f1f5f9' },
  amountCell: { fontSize: '14px', lineHeight: '20px', color: '#0f172a', padding: '6px 0', verticalAlign: 'top', textAlign: 'right', whiteSpace: 'nowrap', borderBottom: '1px solid #f1f5f9' },
  totalCell: { fontSize: '15px', lineHeight: '22px', fontWeight: 700, padding: '8px 0', verticalAlign: 'top' },
  totalAmountCell: { fontSize: '15px', lineHeight: '22px', fontWeight: 700, padding: '8px 0', textAlign: 'right', whiteSpace: 'nowrap' },
  hr: { borderColor: '#e2e8f0', margin: '16px 0 12px' },
  footer: { padding: '0 24px 16px' },
  footerText: { fontSize: '12px', lineHeight: '18px', color: '#64748b', margin: '4px 0' },
} satisfies Record<string, CSSProperties>;
