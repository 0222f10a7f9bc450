'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { analytics, capturePageView } from './analytics';

/** Sends one $pageview per route change (the SDK's automatic page views are off). Renders nothing. */
export function AnalyticsPageViews() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();
  const lastSent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!analytics.enabled) return;
    const fullPath = `${pathname}${search ? `?${search}` : ''}`;
    // Effects can run twice for one navigation (strict mode, a re-render with equal params): one event per path change.
    if (lastSent.current === fullPath) return;
    lastSent.current = fullPath;
    void capturePageView(fullPath);
  }, [pathname, search]);
  return null;
}
