// A gift card pays what is still due (decision 064): the pay page's and the invoice's section.
export { giftCardPaidText, PayDueWithGiftCard } from './gift-card-payment';
