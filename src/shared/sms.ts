import { business } from './business';

/** The consent the customer ticks in the wizard; stored word for word with each consent record. */
export const smsConsentText = `Yes, text me about my pick-up and delivery. ${business.name} will send booking updates to this number. Message and data rates may apply. Reply STOP to opt out at any time.`;
