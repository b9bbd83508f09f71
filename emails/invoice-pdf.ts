// A client's invoice as a PDF (spec: back-office 2 "Send Invoice"; the email carries it as an
// attachment): the business, the client, the lines, subtotal, tax, total, due date and notes, as
// the email shows them. pdf-lib's standard Helvetica writes WinAnsi text only: any other character
// (an emoji in a name) is written as "?" rather than failing the email.
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { brand } from './brand';
import type { InvoiceEmailData } from './email-data';

function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Splits text into lines no wider than `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(font, text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The PDF's bytes, base64 (how an email attachment carries them). */
export async function invoicePdfBase64(d: InvoiceEmailData): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${brand().name} invoice ${d.invoiceNumber}`);
  pdf.setCreator(brand().name);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]); // US Letter
  const left = 56;
  const right = 556;
  let y = 736;
  const grey = rgb(0.35, 0.38, 0.42);
  const write = (text: string, opts: { x?: number; size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; alignRight?: boolean } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const safe = printable(font, text);
    const x = opts.alignRight ? (opts.x ?? right) - font.widthOfTextAtSize(safe, size) : (opts.x ?? left);
    page.drawText(safe, { x, y, size, font, color: opts.color ?? rgb(0.06, 0.09, 0.16) });
  };
  const newLine = (h = 14) => {
    y -= h;
    if (y < 72) {
      page = pdf.addPage([612, 792]);
      y = 736;
    }
  };

  write(brand().name, { size: 18, font: bold });
  write(d.kind === 'subscription' ? 'SUBSCRIPTION INVOICE' : 'INVOICE', { size: 12, font: bold, alignRight: true });
  newLine(16);
  write(`${brand().phone} · ${brand().email}`, { color: grey });
  write(d.invoiceNumber, { alignRight: true, font: bold });
  newLine(30);
  write('Bill to', { font: bold });
  write(`Due ${d.dueDate}`, { alignRight: true, font: bold });
  newLine();
  for (const line of [d.clientName, d.clientEmail, d.clientPhone, d.clientAddress].filter(Boolean)) {
    write(line);
    newLine();
  }
  newLine(16);
  write('Description', { font: bold });
  write('Qty', { x: 360, font: bold });
  write('Unit price', { x: 470, font: bold, alignRight: true });
  write('Amount', { font: bold, alignRight: true });
  newLine(6);
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  newLine(14);
  for (const l of d.lines) {
    const wrapped = wrap(regular, l.description, 10, 290);
    write(String(l.quantity), { x: 360 });
    write(l.unitPrice, { x: 470, alignRight: true });
    write(l.total, { alignRight: true });
    for (const [i, text] of wrapped.entries()) {
      write(text);
      if (i < wrapped.length - 1) newLine(12);
    }
    newLine(16);
  }
  page.drawLine({ start: { x: 320, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5, color: grey });
  newLine(6);
  for (const [label, value, strong] of [
    ['Subtotal', d.subtotal, false],
    ...(d.tax ? [['Tax', d.tax, false] as const] : []),
    ['Total', d.total, true],
  ] as const) {
    write(label, { x: 360, font: strong ? bold : regular, size: strong ? 12 : 10 });
    write(value, { alignRight: true, font: strong ? bold : regular, size: strong ? 12 : 10 });
    newLine(16);
  }
  if (d.notes) {
    newLine(10);
    write('Notes', { font: bold });
    newLine();
    for (const text of wrap(regular, d.notes, 10, right - left)) {
      write(text, { color: grey });
      newLine(12);
    }
  }
  newLine(16);
  write(`Questions? Call ${brand().phone} or reply to this email.`, { color: grey });
  return pdf.saveAsBase64();
}
