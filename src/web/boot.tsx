// Starts React: hydrates a prerendered page, or renders a client-only route into the shell.
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { cn } from './lib/cn';
import { servedSiteBusiness, SiteBusinessProvider } from './lib/site-business';
import { preloadPage } from './router';

function Hydrated({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Resolves once React has committed the page (event handlers are attached). */
export async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  await preloadPage(window.location.pathname);
  // the page's modules have just run: render in a task of its own, so that the browser can paint
  // and answer in between (Preact, the build's runtime, renders in one task: decision 065)
  await nextTask();
  // the class merger builds its tables on first use: in a task of its own too
  cn('p-0', 'p-1');
  await nextTask();
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
