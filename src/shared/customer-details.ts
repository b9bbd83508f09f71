// A booking's contact details and preferences as the details form holds them (decision 022): what
// "Your orders" shows and its form starts from, and what staff's form starts from (decision 057).
import { detergentTypeValues, pickupLocationValues, waterTemperatureValues } from './booking-values';
import { formatPhone } from './phone';
import type { CustomerDetails } from './schemas/customer-orders';

type DetailsRow = { [K in keyof CustomerDetails]: string };

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T => values.find((v) => v === value) ?? fallback;

export function customerDetailsOf(b: DetailsRow): CustomerDetails {
  return {
    name: b.name,
    phone: formatPhone(b.phone),
    address: b.address,
    city: b.city,
    zipCode: b.zipCode,
    pickupLocation: oneOf(pickupLocationValues, b.pickupLocation, 'front-door'),
    specialInstructions: b.specialInstructions,
    waterTemperature: oneOf(waterTemperatureValues, b.waterTemperature, 'cold'),
    detergentType: oneOf(detergentTypeValues, b.detergentType, 'standard'),
    allergies: b.allergies,
    specialCareInstructions: b.specialCareInstructions,
  };
}
