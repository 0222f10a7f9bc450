import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { AggregationTemporality, InstrumentType, type ResourceMetrics } from '@opentelemetry/sdk-metrics';

/** Every series carries `service_name`: replicas of one service share it, dashboards group by it. */
const RESOURCE_LABELS = /^service\.name$/;

/**
 * A scrape answers in time even when a gauge's callback hangs (a database or Redis that stopped answering);
 * that gauge is then left out. Below Prometheus' default scrape timeout of 10 s.
 */
const COLLECT_TIMEOUT_MS = 5_000;

/**
 * Cumulative temporality (the exporter's choice for everything) would keep reporting a gauge's last value for an
 * attribute set no longer observed: a closed queue's depth, a stopped consumer's backlog, forever. Delta reports a
 * scrape-time gauge only as observed by this scrape; for a gauge the value is the same either way.
 */
class PrometheusReader extends PrometheusExporter {
  override selectAggregationTemporality(instrumentType: InstrumentType): AggregationTemporality {
    if (instrumentType === InstrumentType.OBSERVABLE_GAUGE) return AggregationTemporality.DELTA;
    return super.selectAggregationTemporality(instrumentType);
  }
}

let reader: PrometheusExporter | undefined;
const serializer = new PrometheusSerializer(undefined, false, RESOURCE_LABELS);

/** The pull reader of the meter provider; the health edge serves its text, so it never opens a port itself. */
export function createPrometheusReader(): PrometheusExporter {
  // Its own serializer is unused (no server), but configured alike so the two never disagree.
  reader = new PrometheusReader({ preventServerStart: true, withResourceConstantLabels: RESOURCE_LABELS });
  return reader;
}

export function clearPrometheusReader(): void {
  reader = undefined;
}

/** Prometheus' name suffix for an OpenTelemetry unit; units without one (`{request}`) add nothing. */
const UNIT_SUFFIXES: Record<string, string> = { s: 'seconds', ms: 'milliseconds', By: 'bytes' };

/**
 * Names as Prometheus' own OpenTelemetry translation gives them: the unit becomes a suffix
 * (`http.server.request.duration` in `s` → `http_server_request_duration_seconds`). The serializer of
 * exporter-prometheus leaves it off; Kassa's own instruments already end in `.seconds` and carry no unit.
 */
export function withUnitSuffixes(resourceMetrics: ResourceMetrics): ResourceMetrics {
  return {
    ...resourceMetrics,
    scopeMetrics: resourceMetrics.scopeMetrics.map((scopeMetrics) => ({
      ...scopeMetrics,
      metrics: scopeMetrics.metrics.map((metric) => {
        const suffix = UNIT_SUFFIXES[metric.descriptor.unit];
        const name = metric.descriptor.name;
        if (!suffix || name.endsWith(`.${suffix}`) || name.endsWith(`_${suffix}`)) return metric;
        return { ...metric, descriptor: { ...metric.descriptor, name: `${name}.${suffix}` } };
      }),
    })),
  };
}

/**
 * One collection at a time: two at once (two Prometheus servers, or a test and a scrape) would split the
 * observations of the scrape-time gauges between them, each answer missing some series.
 */
let collecting: Promise<unknown> = Promise.resolve();

/** Prometheus text exposition of every metric of the running meter provider; empty before startTelemetry. */
export function renderPrometheusMetrics(): Promise<string> {
  const next = collecting.then(collectAndSerialize);
  collecting = next.catch(() => undefined);
  return next;
}

async function collectAndSerialize(): Promise<string> {
  if (!reader) return '';
  const { resourceMetrics, errors } = await reader.collect({ timeoutMillis: COLLECT_TIMEOUT_MS });
  for (const error of errors) process.emitWarning(`Metric collection error: ${String(error)}`);
  return serializer.serialize(withUnitSuffixes(resourceMetrics));
}
