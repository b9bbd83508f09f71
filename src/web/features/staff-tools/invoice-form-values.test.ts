import { describe, expect, it } from 'vitest';
import { invoiceMessages } from '../../../shared/schemas/invoices';
import { checkFieldsTitle, fieldMessages } from './form-read';
import { invoiceBody, invoiceFormField, invoicePreview, newInvoiceFormValues, readInvoiceForm, type InvoiceFormValues } from './invoice-form-values';

const client = { clientName: 'Jane Doe', clientEmail: 'jane@example.com', dueDate: '2026-07-01' };
function form(overrides: Partial<InvoiceFormValues> = {}, addOns: Record<string, Partial<InvoiceFormValues['addOns'][number]>> = {}): InvoiceFormValues {
  const values = { ...newInvoiceFormValues(), ...client, ...overrides };
  return { ...values, addOns: values.addOns.map((a) => ({ ...a, ...addOns[a.name] })) };
}
const rush = { 'Rush Delivery': { enabled: true } };

describe('a new invoice form (spec: back-office 9)', () => {
  it('is 1.40 per lb with the add-ons at their prices, once each, all off', () => {
    const values = newInvoiceFormValues();
    expect(values.pricePerPound).toBe('1.40');
    expect(values.addOns).toEqual([
      { name: 'Fabric Softener', price: '3.00', quantity: '1', enabled: false },
      { name: 'Rush Delivery', price: '10.00', quantity: '1', enabled: false },
      { name: 'Hang Dried Delicates', price: '5.00', quantity: '1', enabled: false },
      { name: 'Oxi Clean', price: '4.00', quantity: '1', enabled: false },
      { name: 'Stain Treatment', price: '6.00', quantity: '1', enabled: false },
      { name: 'Sports Uniforms', price: '8.00', quantity: '1', enabled: false },
    ]);
    expect(values.customLines).toEqual([]);
    expect(invoicePreview(values)).toEqual({ services: [], subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });
});

describe('20 lb at 1.40, rush delivery and 2.50 tax', () => {
  const values = form({ pounds: '20', tax: '2.50', clientPhone: ' (803) 555-0101 ', clientAddress: '12 Main St', notes: 'Thanks!' }, rush);

  it('previews $28.00 + $10.00, tax $2.50, total $40.50', () => {
    expect(invoicePreview(values)).toEqual({
      services: [
        { description: 'Laundry service (20 lb @ $1.40/lb)', quantity: 1, unitPriceCents: 2800, totalCents: 2800 },
        { description: 'Rush Delivery', quantity: 1, unitPriceCents: 1000, totalCents: 1000 },
      ],
      subtotalCents: 3800,
      taxCents: 250,
      totalCents: 4050,
    });
  });

  it('sends cents and tenths, the add-ons switched on only, and confirms the total', () => {
    const read = readInvoiceForm(values);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.request.invoice.totalCents).toBe(4050);
    expect(invoiceBody(read.request)).toEqual({
      clientName: 'Jane Doe',
      clientEmail: 'jane@example.com',
      dueDate: '2026-07-01',
      clientPhone: '(803) 555-0101',
      clientAddress: '12 Main St',
      notes: 'Thanks!',
      pricePerPoundCents: 140,
      poundsTenths: 200,
      addOns: [{ name: 'Rush Delivery', priceCents: 1000, quantity: 1, enabled: true }],
      customLines: [],
      taxCents: 250,
    });
  });
});

describe('pounds and the price per pound', () => {
  it.each([
    ['16.4', '1.75', 164, 175, 2870],
    ['0.5', '1.40', 5, 140, 70],
    ['20', '0', 200, 0, 0],
  ])('%j lb at %j is %i tenths at %i cents', (pounds, pricePerPound, tenths, cents, lineCents) => {
    const read = readInvoiceForm(form({ pounds, pricePerPound, customLines: [{ description: 'Ironing', quantity: '1', unitPrice: '1' }] }));
    expect(read.ok && [read.request.poundsTenths, read.request.pricePerPoundCents]).toEqual([tenths, cents]);
    expect(invoicePreview(form({ pounds, pricePerPound })).subtotalCents).toBe(lineCents);
  });

  it.each([
    [{ pounds: '16.45' }, { pounds: fieldMessages.pounds }],
    [{ pounds: '-2' }, { pounds: fieldMessages.pounds }],
    // the form starts at the settings' price per lb (decision 055): left blank, an amount is missing
    [{ pricePerPound: '' }, { pricePerPound: invoiceMessages.money }],
    [{ pricePerPound: 'abc' }, { pricePerPound: invoiceMessages.money }],
    [{ pricePerPound: '-1' }, { pricePerPound: invoiceMessages.money }],
    [{ tax: '1.234' }, { tax: invoiceMessages.money }],
  ])('%j is refused beside its field', (overrides, errors) => {
    expect(readInvoiceForm(form({ ...overrides }, rush))).toMatchObject({ ok: false, errors, problem: { title: checkFieldsTitle } });
  });
});

describe('the starting prices', () => {
  it('are the settings’ price per lb and add-on prices, each add-on once and off', () => {
    const values = newInvoiceFormValues({ perPoundCents: 160, addOnCents: { fabricSoftener: 350, rushDelivery: 1200, hangDriedDelicates: 500, oxiClean: 450, stainTreatment: 600, sportsUniforms: 900 } });
    expect(values.pricePerPound).toBe('1.60');
    expect(values.addOns.map((a) => [a.name, a.price, a.quantity, a.enabled])).toEqual([
      ['Fabric Softener', '3.50', '1', false],
      ['Rush Delivery', '12.00', '1', false],
      ['Hang Dried Delicates', '5.00', '1', false],
      ['Oxi Clean', '4.50', '1', false],
      ['Stain Treatment', '6.00', '1', false],
      ['Sports Uniforms', '9.00', '1', false],
    ]);
  });

  it('are the spec’s 1.40 per lb and its add-on prices by default', () => {
    const values = newInvoiceFormValues();
    expect(values.pricePerPound).toBe('1.40');
    expect(values.addOns.map((a) => a.price)).toEqual(['3.00', '10.00', '5.00', '4.00', '6.00', '8.00']);
  });
});

describe('add-ons', () => {
  it('bills price times quantity for each switched on', () => {
    const read = readInvoiceForm(form({}, { 'Oxi Clean': { enabled: true, quantity: '3' }, 'Sports Uniforms': { enabled: true, price: '7.5' } }));
    expect(read.ok && invoiceBody(read.request).addOns).toEqual([
      { name: 'Oxi Clean', priceCents: 400, quantity: 3, enabled: true },
      { name: 'Sports Uniforms', priceCents: 750, quantity: 1, enabled: true },
    ]);
    expect(read.ok && read.request.invoice.totalCents).toBe(1950);
  });

  it('an add-on that is off is not read: its fields cannot hold the invoice back', () => {
    const read = readInvoiceForm(form({ pounds: '10' }, { 'Oxi Clean': { price: 'abc', quantity: '0' } }));
    expect(read.ok && invoiceBody(read.request).addOns).toEqual([]);
  });

  it('a quantity under 1 or a price that is not dollars is marked on its row (spec: back-office 5)', () => {
    const read = readInvoiceForm(form({}, { 'Rush Delivery': { enabled: true, quantity: '0' }, 'Oxi Clean': { enabled: true, price: '' } }));
    expect(read).toMatchObject({ ok: false, errors: { 'addOns.1.quantity': fieldMessages.quantity, 'addOns.3.price': invoiceMessages.money } });
  });
});

describe('custom lines (spec: back-office 5)', () => {
  const lines = [
    { description: 'Ironing', quantity: '2', unitPrice: '4.25' },
    { description: '', quantity: '1', unitPrice: '9' },
    { description: 'Free pickup', quantity: '1', unitPrice: '0' },
    { description: 'Discount', quantity: '1', unitPrice: '-5' },
    { description: 'Not priced', quantity: '1', unitPrice: '' },
    { description: '  Curtains  ', quantity: '1', unitPrice: '12' },
  ];

  it('drops lines without a description or a unit price above 0; the preview shows the kept lines only', () => {
    const read = readInvoiceForm(form({ customLines: lines }));
    expect(read.ok && invoiceBody(read.request).customLines).toEqual([
      { description: 'Ironing', quantity: 2, unitPriceCents: 425 },
      { description: 'Curtains', quantity: 1, unitPriceCents: 1200 },
    ]);
    expect(invoicePreview(form({ customLines: lines })).services.map((s) => [s.description, s.totalCents])).toEqual([
      ['Ironing', 850],
      ['Curtains', 1200],
    ]);
  });

  it('a kept line with a quantity under 1, or a price that is not dollars, is marked on its row', () => {
    const read = readInvoiceForm(form({ customLines: [{ description: 'Ironing', quantity: '0', unitPrice: '4' }, { description: 'Mending', quantity: '1', unitPrice: '4.999' }] }));
    expect(read).toMatchObject({ ok: false, errors: { 'customLines.0.quantity': fieldMessages.quantity, 'customLines.1.unitPrice': invoiceMessages.money } });
  });

  it("places the server's row errors on the form's row they came from", () => {
    const read = readInvoiceForm(form({ customLines: lines }, { 'Oxi Clean': { enabled: true } }));
    expect(invoiceFormField('customLines.1.unitPriceCents', read.sent)).toBe('customLines.5.unitPrice');
    expect(invoiceFormField('customLines.0.description', read.sent)).toBe('customLines.0.description');
    expect(invoiceFormField('addOns.0.quantity', read.sent)).toBe('addOns.3.quantity');
    expect(invoiceFormField('addOns.4.quantity', read.sent)).toBeUndefined();
    expect(invoiceFormField('poundsTenths')).toBe('pounds');
    expect(invoiceFormField('pricePerPoundCents')).toBe('pricePerPound');
    expect(invoiceFormField('taxCents')).toBe('tax');
    expect(invoiceFormField('clientEmail')).toBe('clientEmail');
    expect(invoiceFormField('toString')).toBeUndefined();
  });
});

describe("the spec's messages (spec: back-office 5)", () => {
  it.each([[{ clientName: '' }], [{ clientEmail: ' ' }], [{ dueDate: '' }]])("%j is 'Missing Information', marked on that field", (overrides) => {
    const read = readInvoiceForm(form({ pounds: '20', ...overrides }));
    expect(read).toEqual({
      ok: false,
      errors: { [Object.keys(overrides)[0]!]: 'Please fill in client name, email, and due date.' },
      problem: { title: 'Missing Information', message: 'Please fill in client name, email, and due date.' },
      sent: { addOnAt: [], lineAt: [] },
    });
  });

  it("nothing to bill is 'No Services', marked on the pounds", () => {
    expect(readInvoiceForm(form({ customLines: [{ description: 'Ironing', quantity: '1', unitPrice: '0' }] }))).toEqual({
      ok: false,
      errors: { pounds: 'Please add laundry weight, services, or add-ons.' },
      problem: { title: 'No Services', message: 'Please add laundry weight, services, or add-ons.' },
      sent: { addOnAt: [], lineAt: [] },
    });
  });

  it("missing details come first: 'Missing Information' alone when there is nothing to bill either", () => {
    const read = readInvoiceForm(form({ clientName: '' }));
    expect(read).toMatchObject({ ok: false, errors: { clientName: invoiceMessages.missingInvoice.message }, problem: invoiceMessages.missingInvoice });
    expect(!read.ok && read.errors.pounds).toBeUndefined();
  });

  it.each([[{ pounds: '0.1' }], [{ customLines: [{ description: 'Ironing', quantity: '1', unitPrice: '0.01' }] }]])('%j is something to bill', (overrides) => {
    expect(readInvoiceForm(form(overrides)).ok).toBe(true);
  });

  it('a bad email or phone is marked with its own message', () => {
    expect(readInvoiceForm(form({ pounds: '1', clientEmail: 'jane@', clientPhone: 'call me' }))).toMatchObject({
      ok: false,
      errors: { clientEmail: invoiceMessages.email, clientPhone: invoiceMessages.phone },
      problem: { title: checkFieldsTitle, message: invoiceMessages.email },
    });
  });
});

describe('a refusal about the whole list', () => {
  it('more than 50 kept lines holds the invoice back, with the schema’s message under the list', () => {
    const customLines = Array.from({ length: 51 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: '1', unitPrice: '1' }));
    expect(readInvoiceForm(form({ customLines }))).toMatchObject({
      ok: false,
      errors: { customLines: invoiceMessages.tooManyLines },
      problem: { title: checkFieldsTitle, message: invoiceMessages.tooManyLines },
    });
  });
});
