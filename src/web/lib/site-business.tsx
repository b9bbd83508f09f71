// The business the website shows (decision 055): the server puts it in each page's head
// (src/shared/site-pages.ts) and the pages read it with useSiteBusiness().
import { createContext, useContext } from 'react';
import { type SiteBusiness, siteBusinessElementId, specSiteBusiness } from '../../shared/site-business';

const SiteBusinessContext = createContext<SiteBusiness>(specSiteBusiness);

export const SiteBusinessProvider = SiteBusinessContext.Provider;

/** The business's name, contact, towns and new bookings' prices, as the served page carries them. */
export function useSiteBusiness(): SiteBusiness {
  return useContext(SiteBusinessContext);
}

/** The business the served page carries; the spec's if it carries none (a page built before it did). */
export function servedSiteBusiness(doc: Document): SiteBusiness {
  const text = doc.getElementById(siteBusinessElementId)?.textContent;
  if (!text) return specSiteBusiness;
  try {
    const site = JSON.parse(text) as Partial<SiteBusiness>;
    return site && typeof site.name === 'string' && site.prices ? { ...specSiteBusiness, ...site } : specSiteBusiness;
  } catch {
    return specSiteBusiness;
  }
}
