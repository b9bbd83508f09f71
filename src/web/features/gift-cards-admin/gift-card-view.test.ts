import { describe, expect, it } from 'vitest';
import { codeEndingText, giftCardOrigin, recipientLabel, resendAddress } from './gift-card-view';

describe('a gift card as the back office reads it', () => {
  it('says whether it was sold on the site or issued another way', () => {
    expect(giftCardOrigin({ sold: true })).toBe('Sold');
    expect(giftCardOrigin({ sold: false })).toBe('Issued');
  });

  it.each([
    ['bullets', '••••••••7KQ9', 'Code ending 7KQ9'],
    ['stars', '********7KQ9', 'Code ending 7KQ9'],
    ['grouped', '••••-••••-7KQ9', 'Code ending 7KQ9'],
    ['a short code', '••AB', 'Code ending AB'],
    ['nothing left to show', '••••', 'Code hidden'],
  ])('reads only the last 4 characters of a masked code (%s)', (_name, masked, spoken) => {
    expect(codeEndingText(masked)).toBe(spoken);
  });

  it('never says more than the last 4 characters, whatever the server sent', () => {
    expect(codeEndingText('ABCDEFGH7KQ9')).toBe('Code ending 7KQ9');
  });

  it('resends only to a recipient email on record', () => {
    expect(resendAddress({ recipientEmail: 'friend@example.com' })).toBe('friend@example.com');
    expect(resendAddress({ recipientEmail: '  ' })).toBeNull();
    expect(resendAddress({ recipientEmail: null })).toBeNull();
  });

  it('names the recipient, by email when no name was given', () => {
    expect(recipientLabel({ recipientName: 'Sam Rivers', recipientEmail: 'sam@example.com' })).toBe('Sam Rivers');
    expect(recipientLabel({ recipientName: null, recipientEmail: 'sam@example.com' })).toBe('sam@example.com');
    expect(recipientLabel({ recipientName: null, recipientEmail: null })).toBe('No recipient recorded');
  });
});
