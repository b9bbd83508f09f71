import { describe, expect, it } from 'vitest';
import { bagsText, jobDayLabel, jobNotes, jobStatusText, stepWording } from './job-view';

describe('jobDayLabel', () => {
  it.each([
    ['2026-11-27', '2026-11-27', 'Today'],
    ['2026-11-28', '2026-11-27', 'Tomorrow'],
    // across a month and a year
    ['2026-12-01', '2026-11-30', 'Tomorrow'],
    ['2027-01-01', '2026-12-31', 'Tomorrow'],
    ['2026-11-30', '2026-11-27', 'Mon, Nov 30'],
    // a pick-up the day before is still shown by its date, not as today
    ['2026-11-26', '2026-11-27', 'Thu, Nov 26'],
  ])('%s seen on %s reads %s', (pickupDate, today, expected) => {
    expect(jobDayLabel(pickupDate, today)).toBe(expected);
  });

  it('leaves a date it cannot read as it came', () => {
    expect(jobDayLabel('someday', '2026-11-27')).toBe('someday');
  });
});

describe('jobStatusText', () => {
  it('says a picked-up job is waiting to be weighed, and a weighed one is to deliver', () => {
    expect(jobStatusText.confirmed).toBe('To pick up');
    expect(jobStatusText['in-progress']).toBe('Picked up — waiting to be weighed');
    expect(jobStatusText.completed).toBe('Weighed — ready to deliver');
  });
});

describe('jobNotes', () => {
  it('lists the notes given, in the order a pro heeds them, trimmed', () => {
    expect(jobNotes({ allergies: ' Fragrance-free only ', specialInstructions: 'Bags behind the blue planter', specialCareInstructions: 'Hang the silk shirt' })).toEqual([
      { key: 'allergies', label: 'Allergies', text: 'Fragrance-free only' },
      { key: 'specialInstructions', label: 'Special instructions', text: 'Bags behind the blue planter' },
      { key: 'specialCareInstructions', label: 'Special care', text: 'Hang the silk shirt' },
    ]);
  });

  it('leaves out blank notes', () => {
    expect(jobNotes({ allergies: '', specialInstructions: '   ', specialCareInstructions: '' })).toEqual([]);
    expect(jobNotes({ allergies: '', specialInstructions: '', specialCareInstructions: 'Delicates apart' }).map((n) => n.label)).toEqual(['Special care']);
  });
});

describe('bagsText', () => {
  it.each([
    [1, '1 bag'],
    [2, '2 bags'],
  ])('%i → %s', (count, expected) => expect(bagsText(count)).toBe(expected));
});

describe('stepWording', () => {
  const job = { customerName: 'Ada Lovelace', orderId: 'WD-1A2B3C4D' };

  it("labels the confirm button with the step's own label and names the order", () => {
    expect(stepWording('picked_up', job)).toMatchObject({ title: 'Mark this order picked up?', confirmLabel: 'Mark Picked Up', doneTitle: 'Marked picked up' });
    expect(stepWording('picked_up', job).description).toContain("Ada Lovelace's laundry (order WD-1A2B3C4D)");
    expect(stepWording('delivered', job)).toMatchObject({ title: 'Mark this order delivered?', confirmLabel: 'Mark Delivered', doneTitle: 'Marked delivered' });
    expect(stepWording('delivered', job).description).toContain('WD-1A2B3C4D');
  });
});
