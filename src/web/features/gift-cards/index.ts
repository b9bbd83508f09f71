// Gift cards on the public site (spec: customer-site 2, 4, 5, 7; docs/design.md 5.6): the landing page's
// shop (amounts, checkout view, balance check) and what the success page shows.
//
// The shop is loaded, not imported: it validates with the purchase contract (zod/mini and
// react-hook-form), which the landing page must not carry until the shop is about to be seen, nor
// the success page at all (docs/decisions/009). Everything else here is light.
export const loadGiftCardShop = () => import('./gift-card-shop');
export { useGiftCardPurchase } from './gift-cards-api';
export { Celebration, useCelebration } from './celebration';
export { giftCardEmailMinutes, giftCardSuccessState, type GiftCardSuccessState } from './success-state';
