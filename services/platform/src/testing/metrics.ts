// Reads a service's metrics in an integration test the way Prometheus does: this test process starts telemetry
// (as main.ts does), and the values come from the Prometheus text the /metrics endpoint would serve.
import { renderPrometheusMetrics, startTelemetry, type Telemetry } from '../telemetry';

export type Labels = Record<string, string>;

export interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments and blank lines skipped); throws on a malformed line. */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`Not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: match[3] === '+Inf' ? Infinity : Number(match[3]) });
  }
  return samples;
}

/** The samples named `name` whose labels include every one of `labels`. */
export function samplesOf(text: string, name: string, labels: Record<string, string> = {}): Sample[] {
  return parsePrometheusText(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The value of the one sample named `name` with these labels; undefined when there is none, throws when several match. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const matches = samplesOf(text, name, labels);
  if (matches.length > 1) throw new Error(`${matches.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matches[0]?.value;
}

/**
 * Starts telemetry in this test process. Call it before the service starts: gauges stay with the meter provider
 * that was current when they were registered. Stop it (shutdown) after the service stopped.
 */
export function startTestTelemetry(serviceName: string): Telemetry {
  return startTelemetry({ serviceName, env: {} });
}

/** The current samples named `name` whose labels include `labels`. */
export async function metricSamples(name: string, labels: Labels = {}): Promise<Sample[]> {
  return samplesOf(await renderPrometheusMetrics(), name, labels);
}

/** Their sum: a counter's value for these labels, 0 before it first counted. */
export async function metricValue(name: string, labels: Labels = {}): Promise<number> {
  return (await metricSamples(name, labels)).reduce((sum, sample) => sum + sample.value, 0);
}
