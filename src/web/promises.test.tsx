// docs/design.md 7: the turnaround and the add-ons' units are said one way everywhere, in the words of
// src/shared/promises.ts. Every page, the wizard's steps, the terms and the emails are rendered and
// must say them in those words; no rendered text and no string in the source may say them
// otherwise (24-48hr, 48–72, per load, 48-hour...), and only promises.ts may spell them out.
import { specPriceList } from '../shared/price-list';
import { specSiteBusiness } from '../shared/site-business';
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { StaticRouter } from 'react-router';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { BookingEmailData, FinalReceiptData } from '../../emails/email-data';
import { renderBookingConfirmation, renderFinalReceipt, renderTermsEmail } from '../../emails/render';
import { confirmationNumber, receiptOrderNumber } from '../shared/booking-values';
import { prices } from '../shared/business';
import { formatCents } from '../shared/money';
import { finalAddOnLines, NO_EXTRAS, NO_FINAL_ADD_ONS, quoteBooking, type BookingExtras } from '../shared/pricing';
import { addOnUnits, byWeightAddOnPrice, byWeightAddOnsNote, rushPromise, turnaround, turnaroundPromise } from '../shared/promises';
import { render } from './entry-server';
import { emptyDraft, type BookingDraft } from './features/booking/booking-draft';
import { StepPayment } from './features/booking/step-payment';
import { StepPreferences } from './features/booking/step-preferences';
import { StepTerms } from './features/booking/step-terms';
import { QueryProvider } from './lib/query';

const root = path.resolve(import.meta.dirname, '../..');

/** What a reader sees of some HTML: tags and React's text separators gone, entities read. */
function visibleText(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;|&#xa0;/gi, ' ')
    .replace(/\s+/g, ' ');
}

const hoursPhrase = /\d+\s*(?:[-–]\s*\d+\s*)?-?\s*(?:hours?|hrs?)\b/gi;

/**
 * Every way of saying a turnaround or an add-on unit that is not the one source's: a phrase of
 * 24, 48 or 72 hours must be the promise (back within 48-72 hours), the rush promise (back within
 * 24 hours), the hero badge (48-72hr Turnaround) or the rush add-on's name (24-hr Rush Delivery); the
 * contact form's "get back to you within 24 hours" is a reply, not a turnaround.
 */
function contradictions(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(hoursPhrase)) {
    if (!/\b(24|48|72)\b|\b(24|48|72)(?=h)/i.test(m[0])) continue;
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    const lead = before.toLowerCase();
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 16);
    const ok =
      (m[0] === '48-72 hours' && lead.endsWith('back within ')) ||
      (m[0] === '24 hours' && (lead.endsWith('back within ') || lead.endsWith('back to you within '))) ||
      (m[0] === '48-72hr' && after.startsWith(' Turnaround')) ||
      (m[0] === '24-hr' && /^ rush delivery/i.test(after));
    if (!ok) found.push(`"${before}${m[0]}${after}"`);
  }
  for (const m of text.matchAll(/per (load|15 ?(lb|pounds?))\b[^.;]{0,14}/gi)) {
    if (!m[0].startsWith(`per ${prices.finalAddOnPounds} lb, rounded up`)) found.push(`"${m[0]}"`);
  }
  return found;
}

function expectSaysItOneWay(where: string, text: string, mustSay: string[]) {
  for (const words of mustSay) expect(text, `${where} should say "${words}"`).toContain(words);
  expect(contradictions(text), `${where} says it another way`).toEqual([]);
}

describe('the contradiction check', () => {
  it.each([
    ['24-48hr delivery turnaround'],
    ['returned in 48–72 hours'],
    ['Return within 48-72 hours'],
    ['48-hour turnaround'],
    ['a 48hr turnaround'],
    ['$1 per load'],
    ['$1 per 15 lb'],
    ['(24 hours with rush delivery)'],
  ])('finds "%s"', (text) => {
    expect(contradictions(text)).not.toEqual([]);
  });

  it('lets the one source words through', () => {
    const text = `48-72hr Turnaround. ${turnaroundPromise}. It is ${turnaround.promise}; ${turnaround.rush}. 24-hr Rush Delivery. ${byWeightAddOnsNote} We'll get back to you within 24 hours.`;
    expect(contradictions(text)).toEqual([]);
  });
});

describe('the pages say the turnaround and the add-on units in the one source words', () => {
  it('the landing page: the badge, the services card, the plan, the schedule and the add-on grid', async () => {
    expectSaysItOneWay('/', visibleText(await render('/', specSiteBusiness)), [
      turnaround.badge,
      turnaroundPromise,
      `is ${turnaround.promise}`,
      rushPromise,
      addOnUnits.estimate,
      `Final bill: ${addOnUnits.final}`,
    ]);
  });

  it('the terms page: the promise, the rush promise and the units', async () => {
    expectSaysItOneWay('/terms', visibleText(await render('/terms', specSiteBusiness)), [turnaroundPromise, turnaround.promise, turnaround.rush, byWeightAddOnsNote]);
  });

  it('the booking page as it first loads', async () => {
    expectSaysItOneWay('/book', visibleText(await render('/book', specSiteBusiness)), []);
  });

  const draft: BookingDraft = { ...emptyDraft, name: 'Dana Smith', allergies: 'Fragrance free, please', specialInstructions: 'Gate code 1234' };
  const quote = quoteBooking({ priceList: specPriceList, bagQuantity: 1, extras: { ...NO_EXTRAS, oxiClean: true }, promo: null, giftCardBalanceCents: 0 });

  function Step({ step }: { step: 2 | 3 | 4 }) {
    const form = useForm<BookingDraft>({ defaultValues: draft });
    if (step === 2) return <StepPreferences form={form} quote={quote} />;
    if (step === 3) return <StepTerms form={form} quote={quote} promo={null} />;
    return (
      <StepPayment
        draft={draft}
        quote={quote}
        promo={null}
        giftCard={null}
        onPromoChange={() => {}}
        onGiftCardChange={() => {}}
        requestFor={() => ({ bookingData: {} as never, promoCode: null, giftCardCode: null })}
        onBack={() => {}}
        onPay={() => {}}
        paying={false}
      />
    );
  }
  const renderStep = (step: 2 | 3 | 4) =>
    visibleText(
      renderToString(
        <StaticRouter location="/book">
          <QueryProvider>
            <Step step={step} />
          </QueryProvider>
        </StaticRouter>,
      ),
    );

  it('the wizard: preferences (the add-ons by bag and by weight, the care promise)', () => {
    const oxi = byWeightAddOnPrice(prices.oxiCleanCents);
    const stain = byWeightAddOnPrice(prices.stainTreatmentCents);
    expectSaysItOneWay('step 2', renderStep(2), [oxi.estimate, oxi.final, stain.estimate, stain.final, rushPromise, turnaround.promise, turnaround.rush]);
  });

  it('the wizard: terms (how the add-ons are counted, the policies)', () => {
    expectSaysItOneWay('step 3', renderStep(3), [byWeightAddOnsNote, turnaroundPromise, turnaround.rush]);
  });

  it('the wizard: payment (the hold, and the notes read back)', () => {
    const text = renderStep(4);
    expectSaysItOneWay('step 4', text, []);
    // docs/design.md 5.1: the button says it authorises (a hold), the sentence under it what the hold is
    expect(text).toContain(`Authorize ${formatCents(quote.totalCents)}`);
    expect(text).toContain(`hold of ${formatCents(quote.totalCents)} on your card, not a charge`);
    expect(text).toContain('Allergies Fragrance free, please');
    expect(text).toContain('Special instructions Gate code 1234');
  });
});

describe('the emails say them in the same words', () => {
  const bookingId = '3f9a2c10-1234-4000-8000-000000000000';
  function booking(extras: Partial<BookingExtras>): BookingEmailData {
    const q = quoteBooking({ priceList: specPriceList, bagQuantity: 2, extras: { ...NO_EXTRAS, ...extras }, promo: null, giftCardBalanceCents: 0 });
    return {
      bookingId,
      confirmation: confirmationNumber(bookingId),
      name: 'Dana Smith',
      email: 'dana@example.com',
      phone: '(803) 555-0199',
      address: '12 Main St',
      city: 'Lexington',
      zipCode: '29072',
      pickupDate: '2026-11-23',
      pickupTime: '4pm-8pm',
      pickupLocation: 'back-door',
      bagQuantity: 2,
      bagRateCents: q.bagRateCents,
      addOnLines: q.addOnLines,
      subtotalCents: q.subtotalCents,
      giftCardDiscountCents: 0,
      totalCents: q.totalCents,
      promoCode: null,
      paymentNote: 'Authorized on your card.',
      waterTemperature: 'cold',
      detergentType: 'standard',
      allergies: '',
      specialInstructions: '',
      specialCareInstructions: '',
      cancelUrl: 'https://washday.example/cancel',
      ordersUrl: 'https://washday.example/orders',
    };
  }

  it('the confirmation: back within 48-72 hours, with rush back within 24 hours, and the units of oxi-clean', async () => {
    const plain = await renderBookingConfirmation(booking({}));
    const rush = await renderBookingConfirmation(booking({ rushDelivery: true }));
    const oxi = await renderBookingConfirmation(booking({ oxiClean: true }));
    for (const [name, email, mustSay] of [
      ['plain', plain, [turnaround.promise]],
      ['rush', rush, [turnaround.rush]],
      ['oxi-clean', oxi, [turnaround.promise, byWeightAddOnsNote]],
    ] as const) {
      expectSaysItOneWay(`confirmation (${name}) HTML`, visibleText(email.html), [...mustSay]);
      expectSaysItOneWay(`confirmation (${name}) text`, email.text.replace(/\s+/g, ' '), [...mustSay]);
    }
    expect(plain.text).not.toContain(byWeightAddOnsNote);
  });

  it('the final receipt: oxi-clean by the 15 lb', async () => {
    const weightTenths = 400;
    const addOnLines = finalAddOnLines({ ...NO_FINAL_ADD_ONS, weightTenths, oxiClean: true }, specPriceList);
    const data: FinalReceiptData = {
      bookingId,
      orderNumber: receiptOrderNumber(bookingId),
      confirmation: confirmationNumber(bookingId),
      name: 'Dana Smith',
      pickupDate: '2026-11-23',
      pickupTime: '4pm-8pm',
      weightTenths,
      pricePerPoundCents: 175,
      weightCents: 7000,
      addOnLines,
      promoCode: null,
      finalTotalCents: 7300,
      authorizedCents: 6600,
      billChargedCents: 7300,
      tipCents: 0,
      chargedCents: 7300,
      extraChargedCents: 700,
      releasedCents: 0,
      amountDueCents: 0,
      giftCardCents: 0,
      invoiceUrl: null,
      processedAt: '2026-11-24T15:00:00.000Z',
    } as FinalReceiptData;
    const email = await renderFinalReceipt(data);
    expectSaysItOneWay('final receipt HTML', visibleText(email.html), [addOnUnits.final]);
    expectSaysItOneWay('final receipt text', email.text.replace(/\s+/g, ' '), [addOnUnits.final]);
  });

  it('the terms sent by email: the same terms', async () => {
    const email = await renderTermsEmail({ clientName: 'Dana', termsUrl: 'https://washday.example/terms' });
    expectSaysItOneWay('terms email', email.text.replace(/\s+/g, ' '), [turnaround.promise, turnaround.rush, byWeightAddOnsNote]);
  });
});

describe('one source of the words', () => {
  /** Every string and JSX text of the source the site, the server and the emails are built from (tests and comments aside). */
  function sourceStrings(): { file: string; text: string }[] {
    const out: { file: string; text: string }[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'migrations' && entry.name !== 'node_modules') walk(full);
        } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
          const sf = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, false, full.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
          const visit = (node: ts.Node) => {
            if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) out.push({ file: path.relative(root, full), text: node.text });
            ts.forEachChild(node, visit);
          };
          visit(sf);
        }
      }
    };
    for (const dir of ['src', 'emails']) walk(path.join(root, dir));
    return out;
  }
  const strings = sourceStrings();

  it('no string of the code says the turnaround or the units another way', () => {
    const found = strings.flatMap((s) => contradictions(s.text).map((c) => `${s.file}: ${c}`));
    expect(found).toEqual([]);
  });

  it('only src/shared/promises.ts spells out the turnaround and the by-weight unit', () => {
    const spelled = /48-72|48hr|\b24 hours\b(?! with)|rounded up|\bper bag on\b/;
    const files = new Set(strings.filter((s) => spelled.test(s.text) && !/get back to you/.test(s.text)).map((s) => s.file));
    expect([...files]).toEqual(['src/shared/promises.ts']);
  });
});
