import { useEffect } from 'react';
import { pageTitle } from '../../shared/site-business';
import { useSiteBusiness } from './site-business';

/** Sets the document title on client-side navigation (prerendered pages have it in their HTML). */
export function usePageTitle(title: string | null) {
  const site = useSiteBusiness();
  useEffect(() => {
    document.title = pageTitle(title, site);
  }, [title, site]);
}
