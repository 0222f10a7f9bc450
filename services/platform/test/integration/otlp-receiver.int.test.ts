import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startOtlpReceiver, type OtlpReceiver } from '../../src/testing';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../../../..');

describe('OTLP receiver', () => {
  let receiver: OtlpReceiver;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await receiver.stop();
  });

  it('receives the spans a service exports with OTEL_EXPORTER_OTLP_PROTOCOL=http/json, flattened', async () => {
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await run(path.join(root, 'node_modules/.bin/tsx'), [path.join(__dirname, '../fixtures/otlp-export/main.ts')], {
      cwd: root,
      timeout: 30_000,
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
    });
    const spans = await receiver.waitForSpans(
      (all) => all.some((s) => s.name === 'reserve') && all.some((s) => s.name === 'checkout'),
      5000,
    );
    const checkout = spans.find((s) => s.name === 'checkout')!;
    const reserve = spans.find((s) => s.name === 'reserve')!;
    expect(checkout).toMatchObject({
      kind: 'server',
      serviceName: 'otlp-export-fixture',
      parentSpanId: '',
      attributes: { 'kassa.shop_id': 'shp_1', 'kassa.items': 3, 'kassa.paid': true },
    });
    expect(checkout.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(checkout.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(reserve).toMatchObject({ kind: 'client', traceId: checkout.traceId, parentSpanId: checkout.spanId });
  }, 40_000);

  it('rejects what is not OTLP/HTTP JSON and times out waiting with the spans it has', async () => {
    const response = await fetch(`${receiver.url}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: 'x',
    });
    expect(response.status).toBe(415);
    await expect(receiver.waitForSpans((all) => all.some((s) => s.name === 'never'), 100)).rejects.toThrow(
      /did not match within 100 ms/,
    );
  });
});
