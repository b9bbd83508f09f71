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
  try {
    // the server's own JSON (src/shared/site-pages.ts); missing or broken, the spec's
    return { ...specSiteBusiness, ...(JSON.parse(doc.getElementById(siteBusinessElementId)!.textContent!) as SiteBusiness) };
  } catch {
    return specSiteBusiness;
  }
}
