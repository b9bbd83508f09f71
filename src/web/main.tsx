// The only script a prerendered page loads up front. The page is complete HTML (links, anchors
// and text work without JavaScript), so React is loaded and the page hydrated on the visitor's
// first interaction; a button pressed or a form submitted before then is replayed once React
// is ready. Client-only routes (the shell) and prerendered forms (/book) start React at once.
// See docs/decisions/006.
import { holdInteractions } from './lib/hold-interactions';
import './styles.css';

const container = document.getElementById('root')!;
const boot = () => import('./boot').then((m) => m.start());

if (!container.firstElementChild) {
  // a client-rendered route: nothing to press before React renders it
  void boot();
} else if (document.querySelector('meta[name="washday-hydrate"][content="at-once"]')) {
  // a prerendered form that must answer at once (/book): started now, and a press made before it is
  // live is held and replayed, never submitted natively (what was typed would land in the address)
  void boot().then(holdInteractions(document));
} else {
  const release = holdInteractions(document);
  const triggers = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'mousemove'] as const;
  let started = false;
  const go = (event: Event) => {
    // Chromium sends a mouse move without movement when the page is laid out under a resting
    // cursor: nobody moved, so it does not count (a real move has movement)
    if (event instanceof MouseEvent && event.type === 'mousemove' && event.movementX === 0 && event.movementY === 0) return;
    if (started) return;
    started = true;
    for (const type of triggers) window.removeEventListener(type, go, true);
    void boot().then(release);
  };
  for (const type of triggers) window.addEventListener(type, go, { capture: true, passive: true });
}
