import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';

let reader: PrometheusExporter | undefined;
const serializer = new PrometheusSerializer();

/** The pull reader of the meter provider; the health edge serves its text, so it never opens a port itself. */
export function createPrometheusReader(): PrometheusExporter {
  reader = new PrometheusExporter({ preventServerStart: true });
  return reader;
}

export function clearPrometheusReader(): void {
  reader = undefined;
}

/** Prometheus text exposition of every metric of the running meter provider; empty before startTelemetry. */
export async function renderPrometheusMetrics(): Promise<string> {
  if (!reader) return '';
  const { resourceMetrics, errors } = await reader.collect();
  for (const error of errors) process.emitWarning(`Metric collection error: ${String(error)}`);
  return serializer.serialize(resourceMetrics);
}
