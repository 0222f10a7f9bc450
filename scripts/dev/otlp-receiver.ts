// A trace receiver for local runs and the end-to-end suite: services export OTLP/HTTP JSON to it
// (OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:<port>, OTEL_EXPORTER_OTLP_PROTOCOL=http/json) and
// GET /api/spans lists what arrived. There is no Jaeger on this machine; in a cluster a collector takes its place.
import { startOtlpReceiver } from '@kassa/platform/testing';

const port = Number(process.env.OTLP_RECEIVER_PORT ?? 4318);

startOtlpReceiver({ port })
  .then((receiver) => {
    console.log(`OTLP receiver listening on ${receiver.url} (spans at ${receiver.url}/api/spans)`);
    const stop = () => void receiver.stop().finally(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
