import { lazy, Suspense } from 'react';

const Refresher = lazy(() => import('./PullToRefresher.tsx'));

/**
 * Pull to refresh at the top of a page's content (ion-refresher, slot "fixed"): `onRefresh` runs, the spinner shows
 * until its promise settles. The refresher's code loads after the page's first paint (ADR 0027); until it is there,
 * a pull scrolls as it does on the desktop.
 */
export function PullToRefresh({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  return (
    <Suspense fallback={null}>
      <Refresher onRefresh={onRefresh} />
    </Suspense>
  );
}
