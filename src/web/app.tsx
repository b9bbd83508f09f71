import type { ReactNode } from 'react';
import { AppRoutes } from './router';
import { ScrollToHash } from './components/scroll-to-hash';
import { Toasts } from './lib/toast';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toasts />
    </>
  );
}

export function App() {
  return (
    <Providers>
      <ScrollToHash />
      <AppRoutes />
    </Providers>
  );
}
