// The analytics (PostHog) settings, built from the public environment. Without a key analytics is off and
// nothing is sent; with one, every request goes to our own origin's ingest path, which the BFF rewrites to the
// PostHog host, so no third-party host is contacted by the browser.

/** The spec: batches flush every 3 s, sessions idle out after 30 minutes. */
export const ANALYTICS_FLUSH_INTERVAL_MS = 3_000;
export const ANALYTICS_SESSION_IDLE_SECONDS = 30 * 60;
export const DEFAULT_INGEST_PATH = '/ingest';

export interface AnalyticsOptions {
  api_host: string;
  ui_host: null;
  capture_pageview: false;
  capture_pageleave: false;
  autocapture: false;
  request_batching: true;
  request_queue_config: { flush_interval_ms: number };
  session_idle_timeout_seconds: number;
  disable_session_recording: true;
  disable_surveys: true;
  disable_web_experiments: true;
  disable_external_dependency_loading: true;
  capture_exceptions: false;
  persistence: 'localStorage+cookie';
}

export type AnalyticsConfig = { enabled: false } | { enabled: true; key: string; options: AnalyticsOptions };

export interface AnalyticsEnv {
  NEXT_PUBLIC_POSTHOG_KEY?: string;
  NEXT_PUBLIC_POSTHOG_INGEST_PATH?: string;
}

/** '/ingest' stays; 'ingest/' → '/ingest'; a full URL is refused (same origin only). */
export function ingestPath(value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(trimmed)) return DEFAULT_INGEST_PATH;
  return `/${trimmed.split('/').filter(Boolean).join('/')}`;
}

export function analyticsConfig(env: AnalyticsEnv): AnalyticsConfig {
  const key = env.NEXT_PUBLIC_POSTHOG_KEY?.trim();
  if (!key) return { enabled: false };
  return {
    enabled: true,
    key,
    options: {
      api_host: ingestPath(env.NEXT_PUBLIC_POSTHOG_INGEST_PATH),
      ui_host: null,
      // Page views are sent by hand, one per route change with the full path; nothing is captured on its own.
      capture_pageview: false,
      capture_pageleave: false,
      autocapture: false,
      request_batching: true,
      request_queue_config: { flush_interval_ms: ANALYTICS_FLUSH_INTERVAL_MS },
      session_idle_timeout_seconds: ANALYTICS_SESSION_IDLE_SECONDS,
      // Features that would load scripts from PostHog's CDN or record sessions stay off.
      disable_session_recording: true,
      disable_surveys: true,
      disable_web_experiments: true,
      disable_external_dependency_loading: true,
      capture_exceptions: false,
      persistence: 'localStorage+cookie',
    },
  };
}
