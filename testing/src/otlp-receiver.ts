// A trace receiver for local runs and the end-to-end suite: services export OTLP/HTTP JSON to it
// (OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:<port>, OTEL_EXPORTER_OTLP_PROTOCOL=http/json) and
// GET /api/spans lists what arrived; /traces shows recent traces as trees (testing/src/trace-view.ts).
// There is no Jaeger or Tempo on this machine; in a cluster the collector and Tempo take its place.
import { startOtlpReceiver } from '@kassa/platform/testing';
import { traceViewPage } from './trace-view';

const port = Number(process.env.OTLP_RECEIVER_PORT ?? 4318);
// `npm run up` runs for hours: keep the most recent spans only. Tests read everything (no limit).
const maxSpans = process.env.OTLP_RECEIVER_MAX_SPANS ? Number(process.env.OTLP_RECEIVER_MAX_SPANS) : undefined;

startOtlpReceiver({ port, maxSpans, view: traceViewPage })
  .then((receiver) => {
    console.log(
      `OTLP receiver listening on ${receiver.url} (traces at ${receiver.url}/traces, spans at ${receiver.url}/api/spans)`,
    );
    const stop = () => void receiver.stop().finally(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
