/** The consent the customer ticks in the wizard, naming the business as its settings do; stored word for word with each consent record. */
export function smsConsentText(businessName: string): string {
  return `Yes, text me about my pick-up and delivery. ${businessName} will send booking updates to this number. Message and data rates may apply. Reply STOP to opt out at any time.`;
}
