// Starts React: hydrates a prerendered page, or renders a client-only route into the shell.
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { servedSiteBusiness, SiteBusinessProvider } from './lib/site-business';
import { preloadPage } from './router';

function Hydrated({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

/** Resolves once React has committed the page (event handlers are attached). */
export async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  await preloadPage(window.location.pathname);
  await new Promise<void>((resolve) => {
    const app = (
      <StrictMode>
        <SiteBusinessProvider value={servedSiteBusiness(document)}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </SiteBusinessProvider>
        <Hydrated onReady={resolve} />
      </StrictMode>
    );
    if (container.firstElementChild) {
      // hydration in a transition, too: React yields to the browser between slices
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      // a transition renders in slices that yield to the browser, not in one long task
      const root = createRoot(container);
      startTransition(() => root.render(app));
    }
  });
  document.documentElement.dataset.hydrated = 'true';
}
