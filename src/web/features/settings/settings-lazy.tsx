// The Settings tab loaded when first opened: its form and the settings' checks stay out of the
// back office's start-up code (docs/decisions/009, the /admin budget).
import { lazy, Suspense } from 'react';
import { Loading } from '../../components/ui/query-state';

const Tab = lazy(() => import('./settings-tab').then((m) => ({ default: m.SettingsTab })));

export function SettingsTab() {
  return (
    <Suspense fallback={<Loading>Loading the settings...</Loading>}>
      <Tab />
    </Suspense>
  );
}
