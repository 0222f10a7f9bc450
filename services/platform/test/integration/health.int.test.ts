import { metrics } from '@opentelemetry/api';
import { startHttpEdge, type HttpEdge } from '../../src/health';
import { createLogger } from '../../src/logging';
import { startTelemetry, type Telemetry } from '../../src/telemetry';
import { captureLogs } from '../../src/testing/log-capture';

describe('http edge', () => {
  const logs = captureLogs();
  const logger = createLogger({ service: 'health-test', destination: logs.stream });
  let telemetry: Telemetry;
  let edge: HttpEdge;
  let databaseUp = true;
  let base: string;

  beforeAll(async () => {
    telemetry = startTelemetry({ serviceName: 'health-test', env: {} });
    edge = await startHttpEdge({
      port: 0,
      host: '127.0.0.1',
      logger,
      checkTimeoutMs: 300,
      checks: {
        database: async () => {
          if (!databaseUp) throw new Error('connection refused');
        },
        nats: async () => undefined,
        stuck: () => new Promise(() => undefined),
      },
      register: (app) => {
        app.post('/webhooks/test', async () => ({ received: true }));
      },
    });
    base = `http://127.0.0.1:${edge.port}`;
  });

  afterAll(async () => {
    await edge.close();
    await telemetry.shutdown();
  });

  it('answers /healthz while the process is alive', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 503 naming every failing check, including one that hangs', async () => {
    databaseUp = false;
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', failing: ['database', 'stuck'] });
  });

  it('answers /readyz with 200 when every check passes, and 503 after setReady(false)', async () => {
    const passing = await startHttpEdge({
      port: 0,
      host: '127.0.0.1',
      logger,
      checks: { database: async () => undefined },
    });
    try {
      const url = `http://127.0.0.1:${passing.port}/readyz`;
      const ok = await fetch(url);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ status: 'ok' });
      passing.setReady(false);
      expect((await fetch(url)).status).toBe(503);
    } finally {
      await passing.close();
    }
  });

  it('serves Prometheus text from the OpenTelemetry meter provider on /metrics', async () => {
    metrics.getMeter('health-test').createCounter('kassa_health_test_hits').add(2);
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('# TYPE kassa_health_test_hits');
    expect(text).toMatch(/kassa_health_test_hits(_total)?(\{[^}]*\})? 2/);
  });

  it('serves the routes the service registers', async () => {
    const response = await fetch(`${base}/webhooks/test`, { method: 'POST' });
    expect(await response.json()).toEqual({ received: true });
  });
});
