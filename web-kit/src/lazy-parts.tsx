/**
 * Shared components most pages never show, loaded on first render instead of with the web kit every
 * page loads: the thread view (with the markdown renderer, about 26 KiB gzip) and the analytics panel.
 * Each keeps its props and shows a placeholder while it loads.
 */
import { lazy, Suspense } from 'react';
import type { AnalyticsPanelProps } from './analytics/AnalyticsPanel';
import type { ThreadViewProps } from './ThreadView';

const ThreadViewPart = lazy(() => import('./ThreadView').then((m) => ({ default: m.ThreadView })));
const AnalyticsPanelPart = lazy(() => import('./analytics/AnalyticsPanel').then((m) => ({ default: m.AnalyticsPanel })));

const placeholder = <div aria-busy="true" />;

export function ThreadView(props: ThreadViewProps) {
  return (
    <Suspense fallback={placeholder}>
      <ThreadViewPart {...props} />
    </Suspense>
  );
}

export function AnalyticsPanel(props: AnalyticsPanelProps) {
  return (
    <Suspense fallback={placeholder}>
      <AnalyticsPanelPart {...props} />
    </Suspense>
  );
}
