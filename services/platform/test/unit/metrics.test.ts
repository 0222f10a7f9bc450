import { AggregationTemporality, DataPointType, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { checkoutFunnel, counter, labelSets, observeGauges, secondsHistogram } from '../../src/metrics';
import { metricsPortFrom, renderPrometheusMetrics, startTelemetry, type Telemetry } from '../../src/telemetry';
import { withUnitSuffixes } from '../../src/telemetry/metrics';
import { parsePrometheusText, sampleValue } from '../../src/testing/metrics';

// Created before any telemetry runs, as modules do at load: they must record into whichever provider is current.
const things = counter('kassa.unit.things', 'Things counted by the unit test');
const waits = secondsHistogram('kassa.unit.wait.seconds', 'Waits of the unit test', [0.1, 1]);

describe('Kassa instruments on the Prometheus endpoint', () => {
  let telemetry: Telemetry;

  beforeEach(() => {
    telemetry = startTelemetry({ serviceName: 'unit-metrics', env: {} });
  });
  afterEach(async () => {
    await telemetry.shutdown();
  });

  it('renders counters as _total and histograms as buckets, every series labelled with service_name', async () => {
    things.add(2, { kind: 'a' });
    things.add(1, { kind: 'a' });
    waits.record(0.5);
    const text = await renderPrometheusMetrics();
    expect(text).toContain('kassa_unit_things_total{kind="a",otel_scope_name="kassa",service_name="unit-metrics"} 3\n');
    expect(text).toContain(
      'kassa_unit_wait_seconds_bucket{otel_scope_name="kassa",service_name="unit-metrics",le="0.1"} 0\n',
    );
    expect(text).toContain(
      'kassa_unit_wait_seconds_bucket{otel_scope_name="kassa",service_name="unit-metrics",le="1"} 1\n',
    );
    expect(sampleValue(text, 'kassa_unit_wait_seconds_count')).toBe(1);
    const unlabelled = parsePrometheusText(text).filter(
      (sample) => sample.name !== 'target_info' && sample.labels.service_name !== 'unit-metrics',
    );
    expect(unlabelled).toEqual([]);
  });

  it('keeps recording across a restart of telemetry (instruments follow the current provider)', async () => {
    things.add(1, { kind: 'b' });
    await telemetry.shutdown();
    telemetry = startTelemetry({ serviceName: 'unit-metrics', env: {} });
    things.add(5, { kind: 'b' });
    expect(sampleValue(await renderPrometheusMetrics(), 'kassa_unit_things_total', { kind: 'b' })).toBe(5);
  });

  it('shows gauges as observed by each scrape, and not after their observer stopped', async () => {
    let depth = 4;
    const stop = observeGauges({ depth: { name: 'kassa.unit.depth', description: 'Depth' } }, async (record) => {
      record('depth', depth, { queue: 'q1' });
      if (depth > 0) record('depth', depth * 10, { queue: 'q2' });
    });
    expect(sampleValue(await renderPrometheusMetrics(), 'kassa_unit_depth', { queue: 'q1' })).toBe(4);
    depth = 0;
    const drained = await renderPrometheusMetrics();
    expect(sampleValue(drained, 'kassa_unit_depth', { queue: 'q1' })).toBe(0);
    // q2 was not observed by this scrape: no stale 40.
    expect(sampleValue(drained, 'kassa_unit_depth', { queue: 'q2' })).toBeUndefined();
    stop();
    expect(await renderPrometheusMetrics()).not.toContain('kassa_unit_depth');
  });

  it('leaves out a gauge whose observer fails, and still renders the rest', async () => {
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const stop = observeGauges({ broken: { name: 'kassa.unit.broken', description: 'Broken' } }, async () => {
      throw new Error('database away');
    });
    try {
      things.add(1, { kind: 'c' });
      const text = await renderPrometheusMetrics();
      expect(text).not.toContain('kassa_unit_broken');
      expect(sampleValue(text, 'kassa_unit_things_total', { kind: 'c' })).toBe(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('database away'));
    } finally {
      stop();
      warn.mockRestore();
    }
  });
});

describe('withUnitSuffixes', () => {
  const metric = (name: string, unit: string) => ({
    descriptor: { name, unit, description: '', valueType: 1 },
    aggregationTemporality: AggregationTemporality.CUMULATIVE,
    dataPointType: DataPointType.GAUGE,
    dataPoints: [],
  });
  const names = (metrics: ReturnType<typeof metric>[]) => {
    const input = {
      resource: resourceFromAttributes({}),
      scopeMetrics: [{ scope: { name: 'x' }, metrics }],
    } as unknown as ResourceMetrics;
    return withUnitSuffixes(input).scopeMetrics[0]!.metrics.map((each) => each.descriptor.name);
  };

  it('adds the unit as Prometheus does, once, and only for units that have a suffix', () => {
    expect(
      names([
        metric('http.server.request.duration', 's'),
        metric('kassa.rpc.server.duration.seconds', 's'),
        metric('kassa.rpc.server.duration.seconds', ''),
        metric('db.client.connection.count', '{connection}'),
        metric('http.server.request.body.size', 'By'),
      ]),
    ).toEqual([
      'http.server.request.duration.seconds',
      'kassa.rpc.server.duration.seconds',
      'kassa.rpc.server.duration.seconds',
      'db.client.connection.count',
      'http.server.request.body.size.bytes',
    ]);
  });
});

describe('metricsPortFrom', () => {
  it('defaults to 9100, turns off with 0 or off, and refuses anything else that is not a port', () => {
    expect(metricsPortFrom({})).toBe(9100);
    expect(metricsPortFrom({ METRICS_PORT: ' ' })).toBe(9100);
    expect(metricsPortFrom({ METRICS_PORT: '9464' })).toBe(9464);
    expect(metricsPortFrom({ METRICS_PORT: '0' })).toBeUndefined();
    expect(metricsPortFrom({ METRICS_PORT: 'OFF' })).toBeUndefined();
    expect(() => metricsPortFrom({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT');
    expect(() => metricsPortFrom({ METRICS_PORT: 'metrics' })).toThrow('METRICS_PORT');
  });
});

describe('counters that start at 0', () => {
  let telemetry: Telemetry;
  beforeEach(() => {
    telemetry = startTelemetry({ serviceName: 'unit-metrics', env: {} });
  });
  afterEach(async () => {
    await telemetry.shutdown();
  });

  it('labelSets gives every combination of the label values', () => {
    expect(labelSets({ outcome: ['sent', 'failed'], kind: ['a', 'b'] })).toEqual([
      { outcome: 'sent', kind: 'a' },
      { outcome: 'sent', kind: 'b' },
      { outcome: 'failed', kind: 'a' },
      { outcome: 'failed', kind: 'b' },
    ]);
    expect(labelSets({})).toEqual([{}]);
    expect(labelSets({ outcome: [] })).toEqual([]);
  });

  it('exports initialised series at 0 before anything happened, so the first event is an increase', async () => {
    const parked = counter('kassa.unit.parked', 'Parked in the unit test');
    parked.initialise(labelSets({ consumer: ['c1'], outcome: ['handled', 'parked'] }));
    checkoutFunnel.initialise(['tickets_issued']);
    let text = await renderPrometheusMetrics();
    expect(sampleValue(text, 'kassa_unit_parked_total', { consumer: 'c1', outcome: 'parked' })).toBe(0);
    expect(sampleValue(text, 'kassa_unit_parked_total', { consumer: 'c1', outcome: 'handled' })).toBe(0);
    expect(sampleValue(text, 'kassa_checkout_funnel_total', { stage: 'tickets_issued' })).toBe(0);
    expect(sampleValue(text, 'kassa_checkout_funnel_total', { stage: 'paid' })).toBeUndefined();
    parked.add(1, { consumer: 'c1', outcome: 'parked' });
    checkoutFunnel.count('tickets_issued');
    text = await renderPrometheusMetrics();
    expect(sampleValue(text, 'kassa_unit_parked_total', { consumer: 'c1', outcome: 'parked' })).toBe(1);
    expect(sampleValue(text, 'kassa_checkout_funnel_total', { stage: 'tickets_issued' })).toBe(1);
  });
});
