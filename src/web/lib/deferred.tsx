// Hydrate a prerendered part of a page only when it is about to be seen or used: until then
// React keeps the server's HTML as it is, and the part's code is not loaded.
import { memo, Suspense, use, useEffect, type ComponentType } from 'react';
import { holdInteractions } from './hold-interactions';

const preloaders: (() => Promise<void>)[] = [];

/** The server renderer loads every deferred part before rendering (scripts/build.ts). */
export function preloadDeferredParts(): Promise<void> {
  return Promise.all(preloaders.map((p) => p())).then(() => undefined);
}

export function deferredPart<P extends object>(anchorId: string, load: () => Promise<{ default: ComponentType<P> }>) {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  let gate: Promise<void> | null = null;
  let release: () => void = () => {};
  const start = () =>
    (loading ??= load().then((m) => {
      Loaded = m.default;
    }));
  preloaders.push(start);
  /** Set once the part is wanted before its gate is open: a press held there (below) opens it. */
  let pressed = false;
  let wake: (() => void) | null = null;
  // a held press would never reach the part's own triggers (the hold stops it first), and the page
  // may scroll the part out of view before it hydrates: the press itself is the reason to load it
  const onHeld = () => {
    pressed = true;
    if (wake) wake();
    else void start();
  };
  // Held from the moment this module runs (with the page's code, before React hydrates): React
  // hydrates the page and replays what was pressed before it (main.tsx) while this part may still
  // be loading, and may hydrate this part's boundary later still; a press replayed onto its
  // prerendered buttons then would be lost. Held here, it is replayed once the part is live.
  const prerendered = typeof document === 'undefined' ? null : document.getElementById(anchorId);
  // from the window: React's root listener, which would try to hydrate the part on the spot and
  // drop the press while its code loads, comes after it
  if (prerendered?.firstElementChild) release = holdPressesWithin(prerendered, onHeld);

  function waitUntilNeeded(): Promise<void> {
    if (gate) return gate;
    const anchor = typeof document === 'undefined' ? null : document.getElementById(anchorId);
    // client-side navigation: nothing prerendered to keep, so load at once
    if (pressed || !anchor || !anchor.firstElementChild || typeof IntersectionObserver === 'undefined') return (gate = start());
    if (anchor !== prerendered) release = holdInteractions(anchor);
    const triggers = ['focusin', 'pointerdown', 'keydown', 'click'] as const;
    gate = new Promise<void>((resolve) => {
      const go = () => {
        wake = null;
        observer.disconnect();
        for (const type of triggers) anchor.removeEventListener(type, go);
        void start().then(resolve);
      };
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '200px' });
      observer.observe(anchor);
      // a press replayed by main.tsx arrives as a click alone
      for (const type of triggers) anchor.addEventListener(type, go, { once: true });
      wake = go;
    });
    return gate;
  }

  function Live() {
    // the part has hydrated: what was pressed meanwhile happens now
    useEffect(() => release(), []);
    return null;
  }

  function Gate(props: P) {
    if (!Loaded) use(waitUntilNeeded());
    const Part = Loaded!;
    return (
      <>
        <Part {...props} />
        <Live />
      </>
    );
  }

  // memo: a page that re-renders (the landing page's "Ask us" fills in the contact form's subject,
  // in a transition) would otherwise re-render every part still waiting to hydrate, and a transition
  // that touches a part nobody has scrolled to waits for it forever, holding back its own update
  return memo(function DeferredPart(props: P) {
    return (
      <div id={anchorId}>
        <Suspense fallback={null}>
          <Gate {...props} />
        </Suspense>
      </div>
    );
  });
}

/**
 * holdInteractions (./hold-interactions.ts) for one part of the page, listening on the window so
 * that it runs before React's root listener; here rather than there, so that the pages without a
 * deferred part (the booking wizard's) do not carry it.
 */
function holdPressesWithin(part: HTMLElement, onHeld: () => void): () => void {
  const pending: (() => void)[] = [];
  const hold = (event: Event) => {
    const target = event.target instanceof Element && part.contains(event.target) ? event.target : null;
    const control = event.type === 'submit' ? target : target?.closest('button, [role="button"], input[type="submit"]');
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    pending.push(() => (event.type === 'submit' ? (control as HTMLFormElement).requestSubmit() : (control as HTMLElement).click()));
    onHeld();
  };
  window.addEventListener('click', hold, true);
  window.addEventListener('submit', hold, true);
  return () => {
    window.removeEventListener('click', hold, true);
    window.removeEventListener('submit', hold, true);
    for (const replay of pending.splice(0)) replay();
  };
}
