// The gift cards' preset amounts and what each is for (spec: customer-site 8): only the gift-card
// pages read them, so they are not in the business's chunk every public page loads.
export const giftCardPresets = [
  { cents: 3000, title: 'Small loads', description: 'Perfect for a small load or a first try of our service.' },
  { cents: 6000, title: 'Regular service', description: 'Covers a regular wash & fold pick-up for a busy household.' },
  { cents: 10000, title: 'Multiple loads', description: 'Several loads of laundry done and delivered, folded to perfection.' },
] as const;
