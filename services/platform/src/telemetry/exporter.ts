import { OTLPTraceExporter as OtlpHttpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

type Env = Record<string, string | undefined>;

/** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces (the OTLP spec's rule). */
export function tracesUrl(env: Env): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/** The OTLP span processor, or none when OTEL_EXPORTER_OTLP_ENDPOINT is not set (tracing export off). */
export function otlpSpanProcessor(env: Env = process.env): SpanProcessor | undefined {
  const url = tracesUrl(env);
  if (!url) return undefined;
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  ).trim();
  switch (protocol) {
    case 'http/protobuf':
      return new BatchSpanProcessor(new OtlpProtobufExporter({ url }));
    case 'http/json':
      return new BatchSpanProcessor(new OtlpHttpJsonExporter({ url }));
    default:
      throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL "${protocol}" is not supported; use http/protobuf or http/json`);
  }
}
