// The booking form (spec: customer-site 3) and the booking API contracts. The wizard resolves
// each step with these schemas; the server validates the whole request with them.
import * as z from 'zod/mini';
import { windowValuePattern } from '../business-words';
import { detergentTypeValues, MAX_BAGS, MAX_ITEM_COUNT, pickupLocationValues, waterTemperatureValues } from '../booking-values';
import { isIsoDate } from '../dates';
import { emailField, optionalText, phoneCharacters, requiredText } from './common';

const count = (label: string) =>
  z._default(
    z
      .number({ error: `${label} must be a number` })
      .check(
        z.int(`${label} must be a whole number`),
        z.minimum(0, `${label} can't be below 0`),
        z.maximum(MAX_ITEM_COUNT, `${label} can't be above ${MAX_ITEM_COUNT}`),
      ),
    0,
  );

const flag = (label: string) => z._default(z.boolean({ error: `${label} must be true or false` }), false);

export const pickupDateSchema = z
  .string({ error: 'Pick-up date is required' })
  .check(
    z.minLength(1, 'Pick-up date is required'),
    z.refine(isIsoDate, 'Pick-up date must be a date (YYYY-MM-DD)'),
  );

/** A pick-up window's value ('8am-12pm'): which windows are offered is the settings' (the server checks, decision 055). */
export const pickupTimeSchema = z.string({ error: 'Choose a pick-up time' }).check(z.regex(windowValuePattern, 'Choose a pick-up time'));

/** Step 1: Service Details. spec: customer-site 2 and 5. */
export const serviceDetailsSchema = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  phone: z
    .string({ error: 'Phone is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Phone is required'),
      z.maxLength(40, 'Phone number is too long'),
      z.regex(phoneCharacters, 'Enter a valid phone number'),
      z.refine((p) => p.replace(/\D/g, '').length >= 10, 'Enter a 10-digit phone number'),
    ),
  address: requiredText('Address', 200),
  city: requiredText('City', 80),
  zipCode: z
    .string({ error: 'ZIP code is required' })
    .check(z.trim(), z.minLength(1, 'ZIP code is required'), z.regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code')),
  pickupDate: pickupDateSchema,
  pickupTime: pickupTimeSchema,
  pickupLocation: z.enum(pickupLocationValues, { error: 'Choose where we pick up' }),
  specialInstructions: optionalText('Special instructions', 1000),
  bagQuantity: z
    .number({ error: 'Bag quantity must be a number' })
    .check(
      z.int('Bag quantity must be a whole number'),
      z.minimum(1, 'At least 1 bag'),
      z.maximum(MAX_BAGS, `At most ${MAX_BAGS} bags per pick-up; call us for more`),
    ),
  smsConsent: flag('SMS consent'),
});

/** Step 2: Preferences and add-ons. */
export const preferencesSchema = z.object({
  waterTemperature: z._default(z.enum(waterTemperatureValues, { error: 'Choose a water temperature' }), 'cold'),
  detergentType: z._default(z.enum(detergentTypeValues, { error: 'Choose a detergent' }), 'standard'),
  // spec: customer-site 3, fabricSoftener is never editable in the wizard
  fabricSoftener: z._default(z.literal(false, { error: 'Fabric softener cannot be chosen online' }), false),
  hasDelicates: flag('Delicates'),
  hasStainedItems: flag('Stained items'),
  containsSportsUniforms: flag('Sports uniforms'),
  allergies: optionalText('Allergies', 1000),
  specialCareInstructions: optionalText('Special care instructions', 1000),
  rushDelivery: flag('Rush delivery'),
  hangDriedDelicates: flag('Hang dried delicates'),
  oxiClean: flag('Oxi-clean'),
  stainTreatment: flag('Stain treatment'),
  sportsUniformsCount: count('Sports uniforms'),
  blanketsQueenCount: count('Twin-Queen blankets'),
  blanketsKingCount: count('King blankets'),
  mattressPadsQueenCount: count('Twin-Queen mattress pads'),
  mattressPadsKingCount: count('King mattress pads'),
});

/** Step 3: Terms. */
export const termsSchema = z.object({
  termsAccepted: z.literal(true, { error: 'Please accept the terms and conditions to continue' }),
});

