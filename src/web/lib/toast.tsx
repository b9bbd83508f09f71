// Toasts (sonner), loaded on the first toast rather than with every page: the public pages
// stay light, and a toast shown before the toaster mounted is queued until it has.
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type * as Sonner from 'sonner';

type ToastOptions = { description?: string };

let sonner: Promise<typeof Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function loadSonner() {
  if (!sonner) {
    sonner = import('sonner');
    requested = true;
    for (const l of listeners) l();
  }
  return sonner;
}

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function MountedToaster() {
    // children's effects run first: the Toaster is subscribed when this one runs
    useEffect(() => markMounted(), []);
    // below a page's sticky header (--sticky-header-height, set by site-header.tsx while it is
    // shown), not over it: the toast is read where the eye is and the header stays usable; a page
    // without one keeps sonner's own 24px (16px on a phone) from the top
    return (
      <Toaster
        richColors
        closeButton
        position="top-center"
        offset={{ top: 'calc(var(--sticky-header-height, 8px) + 16px)' }}
        mobileOffset={{ top: 'calc(var(--sticky-header-height, 4px) + 12px)' }}
      />
    );
  }
  return { default: MountedToaster };
});

export function Toasts() {
  const show = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => requested,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

async function show(kind: 'success' | 'error' | 'warning', title: string, options?: ToastOptions) {
  const { toast: sonnerToast } = await loadSonner();
  await toasterMounted;
  sonnerToast[kind](title, options);
}

export const toast = {
  success: (title: string, options?: ToastOptions) => void show('success', title, options),
  error: (title: string, options?: ToastOptions) => void show('error', title, options),
  warning: (title: string, options?: ToastOptions) => void show('warning', title, options),
};
