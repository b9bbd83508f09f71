import { useEffect } from 'react';
import { business } from '../../shared/business';

export function pageTitle(title: string | null): string {
  return title ? `${title} | ${business.name}` : `${business.name} | Laundry pick-up & delivery in Lexington County, SC`;
}

/** Sets the document title on client-side navigation (prerendered pages have it in their HTML). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
