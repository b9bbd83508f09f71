// The gift cards' preset amounts and what each is for (spec: customer-site 8): only the gift-card
// pages read them, so they are not in the business's chunk every public page loads.
export const giftCardPresets = [
  // not "a first try": $30 is below one bag's hold, so a card is still needed to book (it holds the rest)
  { cents: 3000, title: 'Small loads', description: 'Pays a typical bag once weighed; a card holds the rest of the estimate until then.' },
  { cents: 6000, title: 'Regular service', description: 'Covers a regular wash & fold pick-up for a busy household.' },
  { cents: 10000, title: 'Multiple loads', description: 'Several loads of laundry done and delivered, folded to perfection.' },
] as const;
