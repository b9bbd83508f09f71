// One sample of the data of every email template (emails/render.ts, emailTemplates), every value a
// person typed passed through `t`: the table-driven email test (every-email.test.ts) adds hostile
// text to each, scripts/email-screenshots.ts leaves them as they are to look at the emails. A new
// template without a sample here fails the typecheck.
import type { EmailData, EmailTemplate } from '../../src/server/notifications/send-email';
import type { BookingEmailData } from '../../emails/email-data';

const origin = 'https://washday.example';
const bookingId = '3f9a2c10-1234-4000-8000-000000000000';
const confirmation = 'WD-3F9A2C';

function booking(t: Typed): BookingEmailData {
  return {
    bookingId,
    confirmation,
    name: t('Dana Smith'),
    email: 'dana@example.com',
    phone: '(803) 555-0199',
    address: t('12 Main St'),
    city: 'Lexington',
    zipCode: '29072',
    pickupDate: '2026-11-23',
    pickupTime: '4pm-8pm',
    pickupLocation: 'back-door',
    bagQuantity: 2,
    bagRateCents: 3150,
    addOnLines: [{ key: 'oxiClean', label: 'Oxi-clean', quantity: 2, unitCents: 100, totalCents: 200 }],
    subtotalCents: 6500,
    giftCardDiscountCents: 0,
    totalCents: 6500,
    promoCode: null,
    paymentNote: 'Authorized on your card: $65.00. You are charged the actual amount after we weigh your laundry.',
    waterTemperature: 'warm',
    detergentType: 'hypoallergenic',
    allergies: t('Fragrance'),
    specialInstructions: t('Gate code 1234.'),
    specialCareInstructions: t('Hang dry the silk blouse'),
    cancelUrl: `${origin}/cancel-booking?booking_id=${bookingId}&sig=abc123`,
  };
}

/** What a person typed, as the sample gives it: as is, or with something hostile added. */
export type Typed = (plain: string) => string;

export type EmailSamples = { [K in EmailTemplate]: (t: Typed) => EmailData<K> };

/** Every template's data; `t` marks each value a customer, a client, a pro or staff wrote. */
export const emailSamples: EmailSamples = {
  bookingConfirmation: (t) => booking(t),
  abandonedForBusiness: (t) => booking(t),
  abandonedForCustomer: (t) => ({ name: t('Dana Smith'), bookUrl: `${origin}/book` }),
  contactMessage: (t) => ({ name: t('Ada Lovelace'), email: 'ada@example.com', phone: '(803) 555-0100', subject: t('Question'), message: t('Hello,'), receivedAt: new Date('2026-11-23T20:04:00Z') }),
  bookingCancelled: (t) => ({ confirmation, name: t('Dana Smith'), pickupDate: '2026-11-23', pickupTime: '4pm-8pm', releasedNote: t('The hold on your card is released.'), bookUrl: `${origin}/book` }),
  finalReceipt: (t) => ({
    bookingId,
    orderNumber: '3F9A2C10',
    confirmation,
    name: t('Dana Smith'),
    pickupDate: '2026-11-23',
    pickupTime: '8am-12pm',
    weightTenths: 142,
    pricePerPoundCents: 175,
    weightCents: 2485,
    addOnLines: [],
    promoCode: null,
    finalTotalCents: 2485,
    authorizedCents: 3150,
    billChargedCents: 2485,
    tipCents: 0,
    chargedCents: 2485,
    releasedCents: 665,
    extraChargedCents: 0,
    amountDueCents: 0,
    giftCardCents: 0,
    processedAt: '2026-11-25T15:30:00Z',
    invoiceUrl: `${origin}/invoice?booking_id=${bookingId}&token=abc`,
  }),
  paymentDue: (t) => ({ confirmation, name: t('Dana Smith'), finalTotalCents: 4200, paidCents: 3150, amountDueCents: 1050, reason: t('Your card asked for a confirmation.'), payUrl: `${origin}/invoice?booking_id=${bookingId}&token=abc` }),
  bookingRefunded: (t) => ({ confirmation, name: t('Dana Smith'), amountCents: 500, reason: t('a shirt came back stained'), giftCard: null }),
  deliveryConfirmation: (t) => ({ bookingId, confirmation, name: t('Dana Smith'), deliveredOn: '2026-11-25', finalTotalCents: 2485 }),
  passwordReset: (t) => ({ name: t('Olive Owner'), url: `${origin}/api/auth/reset-password/AbCdEf123456?callbackURL=%2Fadmin%2Freset-password`, linkMinutes: 60 }),
  giftCard: (t) => ({ code: 'K7QZ-2M4P-9XRT', amountCents: 5000, recipientName: t('Sam Lee'), purchaserEmail: 'ada@example.com', message: t('Happy birthday!'), bookUrl: `${origin}/book` }),
  giftCardReceipt: (t) => ({ amountCents: 5000, recipientName: t('Sam Lee'), recipientEmail: 'sam@example.com', message: t('Enjoy!'), transaction: 'cs_local_1234' }),
  laundryWeighed: (t) => ({ confirmation, name: t('Dana Smith'), weightTenths: 142, finalTotalCents: 2485, invoiceUrl: `${origin}/invoice?booking_id=${bookingId}&token=abc` }),
  laundryReweighed: (t) => ({
    confirmation,
    name: t('Dana Smith'),
    fromWeightTenths: 162,
    weightTenths: 142,
    fromTotalCents: 2835,
    finalTotalCents: 2485,
    reason: t('the scale counted the bag'),
    refundedCents: 350,
    giftCardReturnedCents: 0,
    chargedCents: 0,
    amountDueCents: 0,
    invoiceUrl: `${origin}/invoice?booking_id=${bookingId}&token=abc`,
  }),
  weightQuestion: (t) => ({ confirmation, name: t('Dana Smith'), email: 'dana@example.com', phone: '(803) 555-0199', weightTenths: 142, finalTotalCents: 2485, note: t('It felt lighter.'), receivedAt: new Date('2026-11-25T16:00:00Z') }),
  proPasswordLink: (t) => ({ name: t('Rosa Diaz'), url: `${origin}/api/auth/reset-password/AbCdEf123456?callbackURL=%2Fpro%2Freset-password`, portalUrl: `${origin}/pro`, linkMinutes: 60 }),
  proJobAssigned: (t) => ({ name: t('Rosa Diaz'), orderId: '#3F2A1C', pickupLabel: 'Wednesday, November 25, 2026, 8AM – 12PM', area: 'Lexington 29072', bags: '2 bags', portalUrl: `${origin}/pro` }),
  proPayout: (t) => ({ name: t('Rosa Diaz'), amount: '$10.65', orders: [{ orderId: confirmation, amount: '$6.25' }, { orderId: 'WD-77B01E', amount: '$4.40' }] }),
  proEmailConfirm: (t) => ({ name: t('Rosa Diaz'), url: `${origin}/pro/confirm-email?token=AbCdEf123456`, linkHours: 24 }),
  proEmailChangeNotice: (t) => ({ name: t('Rosa Diaz'), newEmail: 'rosa.new@example.com', confirmed: false }),
  termsEmail: (t) => ({ clientName: t('Jo Park'), termsUrl: `${origin}/terms` }),
  invoiceEmail: (t) => ({
    kind: 'manual',
    invoiceNumber: 'INV-2026-0001',
    clientName: t('Jo Park'),
    clientEmail: 'jo@client.example',
    clientPhone: '(803) 555-0123',
    clientAddress: t('1 Gym Way'),
    lines: [
      { description: t('Laundry service (20 lb @ $1.40/lb)'), quantity: 1, unitPrice: '$28.00', total: '$28.00' },
      { description: 'Rush Delivery', quantity: 1, unitPrice: '$10.00', total: '$10.00' },
    ],
    subtotal: '$38.00',
    tax: '$2.50',
    total: '$40.50',
    dueDate: 'Thursday, December 10, 2026',
    notes: t('Thank you for your business.'),
    nextBillingDate: null,
    payUrl: `${origin}/pay?invoice=0b7c&token=abc`,
  }),
  invoiceReceipt: (t) => ({ clientName: t('Jo Park'), invoiceNumber: 'INV-2026-0001', amount: '$40.50' }),
  ordersSignInLink: () => ({ url: `${origin}/orders?token=AbCdEf123456`, minutes: 15, sessionDays: 30 }),
  bookingRescheduled: (t) => ({ ...booking(t), previousLabel: 'Monday, November 23, 2026, 8AM – 12PM', sequence: 1 }),
  customerDetailsChanged: (t) => ({
    name: t('Jane Doe'),
    confirmations: [confirmation, 'WD-77B01E'],
    changes: [
      { label: 'Address', value: t('12 New Street') },
      { label: 'Phone', value: '(803) 555-0199' },
      { label: 'Pick-up spot', value: 'Back door' },
      { label: 'Special instructions', value: '' },
    ],
    textsStopped: true,
  }),
  customerDataErased: (t) => ({ name: t('Jane Doe'), orders: 2 }),
  laundryPickedUp: (t) => ({ name: t('Dana Smith'), confirmation, ordersUrl: `${origin}/orders`, dueBack: 'Wednesday, November 25, 2026, 12PM – 4PM' }),
  laundryOutForDelivery: (t) => ({ name: t('Dana Smith'), confirmation, ordersUrl: `${origin}/orders` }),
  onMyWay: (t) => ({ name: t('Dana Smith'), confirmation, sentence: 'Rosa is on the way to pick up your laundry (WD-3F2A1C), arriving in about 15 minutes, around 10:45 AM.', ordersUrl: `${origin}/orders` }),
  deliveryMoved: (t) => ({ name: t('Dana Smith'), confirmation, ordersUrl: `${origin}/orders`, dueBack: 'Friday, November 27, 2026, 4PM – 8PM' }),
  missedPickup: (t) => ({
    name: t('Dana Smith'),
    confirmation,
    pickup: 'Friday, November 27, 2026, 8AM – 12PM',
    found: 'No one home',
    feeSentence: 'As our terms say, a missed pick-up costs $20.00: your card was charged $20.00 and the rest of the hold on it is let go.',
    ordersUrl: `${origin}/orders`,
  }),
  seriesStarted: (t) => ({ name: t('Dana Smith'), label: 'Every week on Monday, 4PM – 8PM', firstLabel: 'Monday, November 30, 2026', manageUrl: `${origin}/series?id=5e1&sig=abc` }),
  seriesIssue: (t) => ({
    name: t('Dana Smith'),
    label: 'Every week on Monday, 4PM – 8PM',
    issue: 'No pick-up on Monday, November 30, 2026: your card refused the hold.',
    manageUrl: `${origin}/series?id=5e1&sig=abc`,
    bookUrl: `${origin}/book`,
  }),
  seriesReminder: (t) => ({ name: t('Dana Smith'), confirmation, when: '4PM – 8PM', manageUrl: `${origin}/series?id=5e1&sig=abc` }),
};
