// decision 055: the browser formats dates in the zone the served page carries (the server's
// BUSINESS_TIME_ZONE), not the device's and not the spec's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteBusinessElementId, specSiteBusiness } from '../../shared/site-business';

const served = (timeZone: string) => ({ getElementById: (id: string) => (id === siteBusinessElementId ? { textContent: JSON.stringify({ ...specSiteBusiness, timeZone }) } : null) });

describe('the business’s clock in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('formats in the served page’s zone', async () => {
    vi.stubGlobal('document', served('America/Los_Angeles'));
    const { businessDateFormat, businessTimeZone } = await import('./business-time');
    expect(businessTimeZone()).toBe('America/Los_Angeles');
    // 02:30 UTC on 25 November is still the 24th in Los Angeles (and in New York)
    expect(businessDateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-25T02:30:00Z'))).toBe('Nov 24, 2026, 6:30 PM');
  });

  it('is the spec’s where there is no page (server rendering)', async () => {
    const { businessTimeZone } = await import('./business-time');
    expect(businessTimeZone()).toBe(specSiteBusiness.timeZone);
  });
});
