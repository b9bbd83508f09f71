// The add-ons a booking or a manual invoice may carry: their keys and the names the bill prints.
// Plain data with no schema, so the booking page's bill does not load the settings' checks
// (docs/decisions/009, the page budgets).
/**
 * The add-ons a booking may carry, by the keys and names of the bill's lines (src/shared/pricing.ts
 * and the settings read them from here), each with the price the estimate shows and the final bill charges.
 */
export const addOnKeys = ['rushDelivery', 'hangDriedDelicates', 'oxiClean', 'stainTreatment', 'sportsUniforms', 'blanketsQueen', 'blanketsKing', 'mattressPadsQueen', 'mattressPadsKing'] as const;
export type AddOnKey = (typeof addOnKeys)[number];
export const addOnLabels: Record<AddOnKey, string> = {
  rushDelivery: '24-hr Rush Delivery',
  hangDriedDelicates: 'Hang Dried Delicates',
  oxiClean: 'Oxi-clean',
  stainTreatment: 'Stain Treatment',
  sportsUniforms: 'Sports Uniforms',
  blanketsQueen: 'Blankets & Comforters (Twin-Queen)',
  blanketsKing: 'Blankets & Comforters (King)',
  mattressPadsQueen: 'Mattress Pads (Twin-Queen)',
  mattressPadsKing: 'Mattress Pads (King)',
};
/** The manual invoice's add-ons (spec: back-office 9, manual-invoice add-on default prices). */
export const manualAddOnKeys = ['fabricSoftener', 'rushDelivery', 'hangDriedDelicates', 'oxiClean', 'stainTreatment', 'sportsUniforms'] as const;
export type ManualAddOnKey = (typeof manualAddOnKeys)[number];
export const manualAddOnLabels: Record<ManualAddOnKey, string> = {
  fabricSoftener: 'Manual invoice fabric softener',
  rushDelivery: 'Manual invoice rush delivery',
  hangDriedDelicates: 'Manual invoice hang-dried delicates',
  oxiClean: 'Manual invoice oxi-clean',
  stainTreatment: 'Manual invoice stain treatment',
  sportsUniforms: 'Manual invoice sports uniforms',
};
