// How a template becomes an email's HTML and plain text (docs/decisions/047): the React element is
// rendered once, to HTML, and the text is read from that HTML, so the two always say the same and
// React's work is not done twice. React escapes every value a template is given: no template
// builds HTML from strings.
import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

type TextOptions = NonNullable<Parameters<typeof toPlainText>[1]>;

// The plain-text version: "Label: value" lines for the detail tables, headings left as written.
const details = 'table[data-text-format="details"] > tbody > tr';
export const textOptions = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    // a heading the text shows in capitals (the terms' section titles, as the terms page sets them apart)
    { selector: 'h2[data-text-format="uppercase"]', format: 'heading', options: { leadingLineBreaks: 3, trailingLineBreaks: 2, uppercase: true } },
    // the visible text of a phone or mail link already says where it goes
    { selector: 'a[href^="tel:"]', format: 'anchor', options: { ignoreHref: true } },
    { selector: 'a[href^="mailto:"]', format: 'anchor', options: { ignoreHref: true } },
    { selector: details, format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: `${details} > td:first-child`, format: 'inlineSurround', options: { suffix: ': ' } },
    { selector: `${details} > td:last-child`, format: 'inline' },
  ],
} satisfies TextOptions;

/** The element's HTML (React Email's document) and its plain text, ending with one line break. */
export async function renderBoth(element: ReactElement, options: TextOptions = textOptions): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html, options).trim() + '\n' };
}
