import { describe, expect, it } from 'vitest';
import { readTagText, tagNamesOrder, tagUrl } from './bag-tags';

const site = 'https://washday.example';

describe('a bag tag read back (decision 056)', () => {
  it('the tag address round-trips to its order code', () => {
    expect(tagUrl(site, 'WD-3F2A1C')).toBe('https://washday.example/admin?q=WD-3F2A1C');
    expect(readTagText(tagUrl(site, 'WD-3F2A1C'), site)).toEqual({ ok: true, code: 'WD-3F2A1C' });
  });

  it.each([
    ['another business’s tag', 'https://other-laundry.example/admin?q=WD-3F2A1C'],
    ['another page of ours', `${site}/orders?q=WD-3F2A1C`],
    ['no order code', `${site}/admin?q=jane`],
    ['a code too long', `${site}/admin?q=WD-3F2A1C9`],
    ['plain text', 'WD-3F2A1C'],
    ['a script', 'javascript:alert(1)'],
    ['nothing', ''],
  ])('%s is not ours', (_, text) => {
    expect(readTagText(text, site)).toEqual({ ok: false, reason: 'not_ours' });
  });

  it.each([
    ['WD-3F2A1C', '3F2A1C9B', true],
    ['WD-3F2A1C', '3f2a1c9b', true],
    ['WD-3F2A1C', '3F2A1D9B', false],
    ['3F2A1C', '3F2A1C9B', false],
  ])('%s names order %s: %s', (code, order, named) => {
    expect(tagNamesOrder(code, order)).toBe(named);
  });
});
