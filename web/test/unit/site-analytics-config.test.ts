import { analyticsConfig, ingestPath } from '../../src/lib/analytics-config';

describe('analyticsConfig', () => {
  it('is off without a key, whatever else is set', () => {
    expect(analyticsConfig({})).toEqual({ enabled: false });
    expect(analyticsConfig({ NEXT_PUBLIC_POSTHOG_KEY: '  ', NEXT_PUBLIC_POSTHOG_INGEST_PATH: '/ingest' })).toEqual({
      enabled: false,
    });
  });

  it('with a key: same-origin ingest, no automatic events, 3 s batches, 30 minute sessions', () => {
    const config = analyticsConfig({ NEXT_PUBLIC_POSTHOG_KEY: 'phc_test' });
    expect(config).toMatchObject({
      enabled: true,
      key: 'phc_test',
      options: {
        api_host: '/ingest',
        capture_pageview: false,
        capture_pageleave: false,
        autocapture: false,
        request_batching: true,
        request_queue_config: { flush_interval_ms: 3_000 },
        session_idle_timeout_seconds: 1_800,
        disable_external_dependency_loading: true,
      },
    });
  });

  it('takes the ingest path from the environment, same origin only', () => {
    expect(ingestPath('/t')).toBe('/t');
    expect(ingestPath('relay/ph/')).toBe('/relay/ph');
    expect(ingestPath(undefined)).toBe('/ingest');
    expect(ingestPath('https://eu.i.posthog.com')).toBe('/ingest');
    expect(ingestPath('//eu.i.posthog.com')).toBe('/ingest');
    expect(analyticsConfig({ NEXT_PUBLIC_POSTHOG_KEY: 'k', NEXT_PUBLIC_POSTHOG_INGEST_PATH: '/t/' })).toMatchObject({
      options: { api_host: '/t' },
    });
  });
});
