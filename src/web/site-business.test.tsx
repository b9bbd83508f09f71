// decision 055: every public page shows the business it is rendered with: the name, phone, towns
// and prices the server hands it, nowhere the spec's, and the markup React hydrates is the same.
import { describe, expect, it } from 'vitest';
import { specSiteBusiness, type SiteBusiness } from '../shared/site-business';
import { render } from './entry-server';

const suds: SiteBusiness = {
  ...specSiteBusiness,
  name: 'Suds & Sons Laundry',
  tagline: 'folded by people who care',
  phone: '(803) 555-0199',
  email: 'hello@suds.example',
  towns: ['Irmo', 'Chapin'],
  // $2.00/lb: a bag is estimated at $36.00 ($2.00 × 12 lb × 1.5, spec: customer-site 9)
  prices: { ...specSiteBusiness.prices, perPoundCents: 200, bagEstimateCents: 3600, addOnCents: { ...specSiteBusiness.prices.addOnCents, rushDelivery: 1200 } },
  noShowFeeCents: 3500,
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');

describe('the public pages show the business they are rendered with', () => {
  it.each([
    ['/', ['Suds & Sons Laundry', 'folded by people who care', 'Just $2.00 per pound', 'Estimated at $36.00 per 13-gallon bag', '$12 per order', 'Irmo', 'Chapin', 'hello@suds.example', '(803) 555-0199']],
    ['/terms', ['Suds & Sons Laundry', '$36.00 per 13-gallon bag (about 12 lb at $2.00/lb', 'weight x $2.00 per lb', 'a $35 no-show fee applies', '$35 no-show fee', 'in Irmo, Chapin (South Carolina)', '(803) 555-0199']],
    ['/privacy', ['Suds & Sons Laundry is a local laundry', 'hello@suds.example']],
    ['/book', ['Suds & Sons Laundry', '(803) 555-0199']],
  ])('%s', async (url, expected) => {
    const page = text(await render(url, suds));
    for (const words of expected) expect(page, words).toContain(words);
    for (const old of ['Washday Laundry Co.', '$1.75', '$31.50', '$20 no-show', '(803) 555-0142', 'hello@washday.example', 'Gilbert']) expect(page, old).not.toContain(old);
  });

  it('before the owner opens the website, the landing page says it opens soon and /book takes no booking', async () => {
    const closed = { ...suds, open: false };
    expect(text(await render('/', closed))).toContain('Opening soon: bookings open shortly');
    const book = text(await render('/book', closed));
    expect(book).toContain('Opening soon');
    expect(book).toContain('Suds & Sons Laundry does not take bookings yet');
    expect(book).not.toContain('Step 1 of 4');
    expect(text(await render('/book', suds))).toContain('Step 1 of 4');
  });
});
