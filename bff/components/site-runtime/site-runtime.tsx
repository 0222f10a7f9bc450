import { Suspense } from 'react';
import { AnalyticsPageViews } from './analytics-page-views';
import { BuildUpdateNotice } from './build-update-notice';
import { ChunkLoadRecovery } from './chunk-load-recovery';
import { RuntimeReady } from './runtime-ready';

/** The browser-side services every page runs: chunk-load recovery, the new-version notice, page-view analytics. */
export function SiteRuntime() {
  return (
    <>
      <ChunkLoadRecovery />
      <BuildUpdateNotice />
      {/* useSearchParams needs a Suspense boundary so a static page is not rendered client-side for it. */}
      <Suspense fallback={null}>
        <AnalyticsPageViews />
      </Suspense>
      <RuntimeReady />
    </>
  );
}
