// The analytics (PostHog) settings, built from the public environment. Without a key analytics is off and
// nothing is sent; with one, every request goes to our own origin's ingest path, which the BFF rewrites to the
// PostHog host (and its scripts, under /static, to PostHog's asset host), so no third-party host is contacted by the
// browser. With a key the SDK does what the spec lists: batched events, feature flags, and surveys, web experiments,
// early-access features and remote config fetched by token, all through that path.

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
  disable_surveys: false;
  disable_web_experiments: false;
  disable_external_dependency_loading: false;
  capture_exceptions: false;
  persistence: 'localStorage+cookie';
}

export type AnalyticsConfig = { enabled: false } | { enabled: true; key: string; options: AnalyticsOptions };

export interface AnalyticsEnv {
  NEXT_PUBLIC_POSTHOG_KEY?: string;
  NEXT_PUBLIC_POSTHOG_INGEST_PATH?: string;
}

/**
 * '/ingest' stays; 'ingest/' → '/ingest'; a full URL is refused (same origin only), and so is anything but plain path
 * segments: a browser reads '/\host' as '//host' (another origin); '?', '#', '%', '.' and '..' send the requests
 * somewhere else; '/' alone would put PostHog's paths (/e/, /api/surveys/) at our root.
 */
export function ingestPath(value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(trimmed)) return DEFAULT_INGEST_PATH;
  const segments = trimmed.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => !/^[\w~-][\w.~-]*$/.test(segment)))
    return DEFAULT_INGEST_PATH;
  return `/${segments.join('/')}`;
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
      // Surveys and web experiments load their scripts from api_host/static, our own origin (analyticsRewrites);
      // session recording stays off (it would record what guests type).
      disable_session_recording: true,
      disable_surveys: false,
      disable_web_experiments: false,
      disable_external_dependency_loading: false,
      capture_exceptions: false,
      persistence: 'localStorage+cookie',
    },
  };
}

export interface AnalyticsProxyEnv extends AnalyticsEnv {
  /** PostHog's API host, e.g. https://eu.i.posthog.com (server-side only). */
  POSTHOG_HOST?: string;
  /** PostHog's asset host for /static; PostHog Cloud's is derived from the API host (eu.i → eu-assets.i). */
  POSTHOG_ASSETS_HOST?: string;
}

/**
 * The BFF's rewrites of the ingest path (none without a key and a host): /static (the SDK's survey and experiment
 * scripts) to PostHog's asset host, everything else (events, flags, surveys, experiments, early-access features,
 * remote config) to its API host, so the browser only ever talks to our origin.
 */
export function analyticsRewrites(env: AnalyticsProxyEnv): { source: string; destination: string }[] {
  const key = env.NEXT_PUBLIC_POSTHOG_KEY?.trim();
  const host = env.POSTHOG_HOST?.trim().replace(/\/+$/, '');
  if (!key || !host) return [];
  const assets =
    env.POSTHOG_ASSETS_HOST?.trim().replace(/\/+$/, '') ||
    host.replace(/^(https:\/\/[a-z]+)\.i\.posthog\.com$/, '$1-assets.i.posthog.com');
  const path = ingestPath(env.NEXT_PUBLIC_POSTHOG_INGEST_PATH);
  return [
    { source: `${path}/static/:path*`, destination: `${assets}/static/:path*` },
    { source: `${path}/:path*`, destination: `${host}/:path*` },
  ];
}
