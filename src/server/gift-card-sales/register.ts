// What gift-card sales own of the payments' word (decision 051), registered with payments at
// start-up (src/server/payment-wiring.ts): a gift card's checkout issues the card.
import type { PaymentHandlerRegistry } from '../payments/handler-registry';
import { giftCardPurchaseCheckouts } from './gift-card-purchase';

export function registerGiftCardSales(registry: PaymentHandlerRegistry): void {
  registry.registerCheckoutHandler('gift_card_purchase', giftCardPurchaseCheckouts);
}
