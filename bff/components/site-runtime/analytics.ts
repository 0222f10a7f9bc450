// The one place that talks to posthog-js. The SDK is loaded (dynamic import) only when a key is configured, so
// without a key the browser neither downloads it nor sends anything.
import { analyticsConfig } from '@kassa/web/lib/analytics-config';
import type { PostHog } from 'posthog-js';

// Literal process.env.NEXT_PUBLIC_* references: Next inlines them at build time.
export const analytics = analyticsConfig({
  NEXT_PUBLIC_POSTHOG_KEY: process.env.NEXT_PUBLIC_POSTHOG_KEY,
  NEXT_PUBLIC_POSTHOG_INGEST_PATH: process.env.NEXT_PUBLIC_POSTHOG_INGEST_PATH,
});

let loading: Promise<PostHog | null> | undefined;

/** The initialised client, or null when analytics is off (or we are not in a browser). */
export function loadAnalytics(): Promise<PostHog | null> {
  if (!analytics.enabled || typeof window === 'undefined') return Promise.resolve(null);
  const { key, options } = analytics;
  loading ??= import('posthog-js').then(({ default: posthog }) => {
    posthog.init(key, options);
    return posthog;
  });
  return loading;
}

/** One page view with the full path (pathname + query), as the spec asks for every route change. */
export async function capturePageView(fullPath: string): Promise<void> {
  const posthog = await loadAnalytics();
  posthog?.capture('$pageview', { $current_url: `${window.location.origin}${fullPath}`, path: fullPath });
}

/** Sends an error to analytics when it is on; never throws (reporting must not cause a second error). */
export async function captureErrorEvent(error: unknown, properties: Record<string, unknown>): Promise<void> {
  try {
    const posthog = await loadAnalytics();
    posthog?.captureException(error instanceof Error ? error : new Error(String(error)), properties);
  } catch {
    // Analytics is best effort.
  }
}
