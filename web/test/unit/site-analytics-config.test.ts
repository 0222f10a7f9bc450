import { analyticsConfig, analyticsRewrites, ingestPath } from '../../src/lib/analytics-config';

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
        // Surveys, web experiments and their scripts come through the same-origin path; recordings never.
        disable_surveys: false,
        disable_web_experiments: false,
        disable_external_dependency_loading: false,
        disable_session_recording: true,
      },
    });
  });

  it('takes the ingest path from the environment, same origin only', () => {
    expect(ingestPath('/t')).toBe('/t');
    expect(ingestPath('relay/ph/')).toBe('/relay/ph');
    expect(ingestPath(undefined)).toBe('/ingest');
    expect(ingestPath('https://eu.i.posthog.com')).toBe('/ingest');
    expect(ingestPath('//eu.i.posthog.com')).toBe('/ingest');
    // A browser resolves '/\host/e/' to http://host/e/: another origin.
    expect(new URL('/\\eu.i.posthog.com/e/', 'http://localhost:3000').origin).toBe('http://eu.i.posthog.com');
    expect(ingestPath('/\\eu.i.posthog.com')).toBe('/ingest');
    expect(ingestPath('\\\\eu.i.posthog.com')).toBe('/ingest');
    // Nothing that leaves the path, or PostHog's endpoints at our root.
    expect(ingestPath('/')).toBe('/ingest');
    expect(ingestPath('/t?x=1')).toBe('/ingest');
    expect(ingestPath('/t#x')).toBe('/ingest');
    expect(ingestPath('/t/../api')).toBe('/ingest');
    expect(ingestPath('/%2F%2Fhost')).toBe('/ingest');
    expect(ingestPath('/relay/ph-1.v2')).toBe('/relay/ph-1.v2');
    expect(analyticsConfig({ NEXT_PUBLIC_POSTHOG_KEY: 'k', NEXT_PUBLIC_POSTHOG_INGEST_PATH: '/t/' })).toMatchObject({
      options: { api_host: '/t' },
    });
  });
});

describe('analyticsRewrites', () => {
  it('sends nothing anywhere without a key or a host', () => {
    expect(analyticsRewrites({ POSTHOG_HOST: 'https://eu.i.posthog.com' })).toEqual([]);
    expect(analyticsRewrites({ NEXT_PUBLIC_POSTHOG_KEY: 'phc_test' })).toEqual([]);
  });

  it("routes the SDK's scripts to PostHog's asset host and the rest to its API host, under our ingest path", () => {
    expect(
      analyticsRewrites({ NEXT_PUBLIC_POSTHOG_KEY: 'phc_test', POSTHOG_HOST: 'https://eu.i.posthog.com/' }),
    ).toEqual([
      { source: '/ingest/static/:path*', destination: 'https://eu-assets.i.posthog.com/static/:path*' },
      { source: '/ingest/:path*', destination: 'https://eu.i.posthog.com/:path*' },
    ]);
    // A self-hosted PostHog serves its scripts itself, unless told otherwise.
    expect(
      analyticsRewrites({
        NEXT_PUBLIC_POSTHOG_KEY: 'phc_test',
        POSTHOG_HOST: 'https://posthog.example.com',
        NEXT_PUBLIC_POSTHOG_INGEST_PATH: 't',
      }),
    ).toEqual([
      { source: '/t/static/:path*', destination: 'https://posthog.example.com/static/:path*' },
      { source: '/t/:path*', destination: 'https://posthog.example.com/:path*' },
    ]);
    expect(
      analyticsRewrites({
        NEXT_PUBLIC_POSTHOG_KEY: 'phc_test',
        POSTHOG_HOST: 'https://posthog.example.com',
        POSTHOG_ASSETS_HOST: 'https://cdn.example.com',
      })[0],
    ).toEqual({ source: '/ingest/static/:path*', destination: 'https://cdn.example.com/static/:path*' });
  });
});
