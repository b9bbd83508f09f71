import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** On client-side navigation: scroll to the #anchor if there is one, else to the top. */
export function ScrollToHash() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);
  return null;
}
