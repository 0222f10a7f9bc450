// The one place that talks to posthog-js. The SDK is loaded (dynamic import) only when a key is configured, so
// without a key the browser neither downloads it nor sends anything.
import { analyticsConfig } from '@kassa/web/lib/analytics-config';
import { redactSecrets } from '@kassa/web/lib/report-path';
import type { CaptureResult, PostHog } from 'posthog-js';

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
    // Every event's properties (the SDK adds the page's own URL and referrer to each) lose the secrets addresses carry,
    // and so does the Referer of the scripts it loads from the ingest path.
    posthog.init(key, { ...options, before_send: redactCapture, prepare_external_dependency_script: originReferrer });
    redactInitialPersonInfo(posthog);
    return posthog;
  });
  return loading;
}

/** Where posthog-js keeps the visitor's first address and referrer ({ u, r }). */
const INITIAL_PERSON_INFO = '$initial_person_info';

/**
 * The visitor's first address and referrer, redacted. posthog-js keeps them and sends them with every flags request
 * ($initial_current_url, $initial_referrer, $initial_pathname: person properties to target flags by, not an event, so
 * before_send never sees them). It stores them at the first capture unless they are there already; this stores them
 * first, as the SDK reads them, without their secrets. Called right after init, before anything is sent.
 */
export function redactInitialPersonInfo(posthog: PostHog): void {
  const persistence = posthog.persistence;
  if (!persistence) return;
  persistence.set_initial_person_info();
  const info = persistence.props[INITIAL_PERSON_INFO] as { r?: unknown; u?: unknown } | undefined;
  if (!info) return;
  const redacted = (value: unknown) => (typeof value === 'string' ? redactSecrets(value) : value);
  persistence.register({ [INITIAL_PERSON_INFO]: { ...info, r: redacted(info.r), u: redacted(info.u) } });
}

/**
 * A script the SDK adds (its remote config, the surveys' code) sends only our origin as its referrer. Left to the
 * page's policy it would send the page's whole address, same origin as it is, a guest's ?key= or a scan link's hash
 * included, and the ingest rewrite passes the Referer on to PostHog. The SDK's own fetches already say 'strict-origin'.
 */
export function originReferrer(script: HTMLScriptElement): HTMLScriptElement {
  script.referrerPolicy = 'strict-origin';
  return script;
}

/** An event as it leaves for PostHog: every string property (and person property) with its secrets redacted. */
export function redactCapture(event: CaptureResult | null): CaptureResult | null {
  if (!event) return event;
  const redacted = (properties: Record<string, unknown> | undefined) =>
    properties &&
    Object.fromEntries(
      Object.entries(properties).map(([name, value]) => [
        name,
        typeof value === 'string' ? redactSecrets(value) : value,
      ]),
    );
  return {
    ...event,
    properties: redacted(event.properties) ?? {},
    $set: redacted(event.$set),
    $set_once: redacted(event.$set_once),
  };
}

/** One page view with the full path (pathname + query, secrets redacted), as the spec asks for every route change. */
export async function capturePageView(fullPath: string): Promise<void> {
  const posthog = await loadAnalytics();
  const path = redactSecrets(fullPath);
  posthog?.capture('$pageview', { $current_url: `${window.location.origin}${path}`, path });
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
