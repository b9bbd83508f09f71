// The add-ons a booking carries, as the row of All Bookings shows them at a glance: Rush first
// (it changes when the laundry must be back), then the others in the bill's order, an item's count
// beside it. The words are short; the row's details give the bill's full names and prices.
import { addOnKeys, type AddOnKey } from '../../../shared/add-ons';
import type { StaffBooking } from '../back-office-api';

const shortNames: Record<AddOnKey, string> = {
  rushDelivery: 'Rush',
  hangDriedDelicates: 'Delicates',
  oxiClean: 'Oxi-clean',
  stainTreatment: 'Stain',
  sportsUniforms: 'Uniforms',
  blanketsQueen: 'Blanket',
  blanketsKing: 'King blanket',
  mattressPadsQueen: 'Mattress pad',
  mattressPadsKing: 'King mattress pad',
};

type Flags = Pick<StaffBooking, 'rushDelivery' | 'hangDriedDelicates' | 'oxiClean' | 'stainTreatment' | 'sportsUniformsCount' | 'blanketsQueenCount' | 'blanketsKingCount' | 'mattressPadsQueenCount' | 'mattressPadsKingCount'>;

/** How many of each add-on the booking carries (a flag counts once). */
function countsOf(b: Flags): Record<AddOnKey, number> {
  return {
    rushDelivery: Number(b.rushDelivery),
    hangDriedDelicates: Number(b.hangDriedDelicates),
    oxiClean: Number(b.oxiClean),
    stainTreatment: Number(b.stainTreatment),
    sportsUniforms: b.sportsUniformsCount,
    blanketsQueen: b.blanketsQueenCount,
    blanketsKing: b.blanketsKingCount,
    mattressPadsQueen: b.mattressPadsQueenCount,
    mattressPadsKing: b.mattressPadsKingCount,
  };
}

/** [{ key: 'rushDelivery', label: 'Rush' }, { key: 'sportsUniforms', label: 'Uniforms ×3' }, …]: Rush first. */
export function addOnBadges(b: Flags): { key: AddOnKey; label: string }[] {
  const counts = countsOf(b);
  return addOnKeys.filter((k) => counts[k] > 0).map((k) => ({ key: k, label: counts[k] > 1 ? `${shortNames[k]} ×${counts[k]}` : shortNames[k] }));
}
