import type { Instrumentation } from 'next';
import { describeRequestError } from './server/request-error-report';

// Next calls register() once per server process, before the app's modules load: the place to start tracing.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const building = process.env.NEXT_PHASE === 'phase-production-build';
  const { metricsPortFrom, startMetricsServer, startTelemetry } = await import('@kassa/platform/telemetry');
  // Next makes a server span per request; the http instrumentation only measures them (http_server_request_duration_seconds).
  // Addresses carry secrets (a guest's ?key=, scan and invitation links): redacted before any span leaves.
  const { redactSecrets } = await import('@kassa/web/lib/report-path');
  startTelemetry({ serviceName: 'bff', httpServerSpans: false, redact: redactSecrets });
  const { logger } = await import('./server/logger');
  // After telemetry's require hook, so that the build's own files skip it (see build-output-require.ts).
  const { answerBuildOutputFromModuleCache } = await import('./server/build-output-require');
  answerBuildOutputFromModuleCache();
  // Every gRPC call needs the caller key (KASSA_CALLER_SECRET): refuse to start without it rather than fail each request
  // later. Next only logs a failing register() and goes on answering 500s, so end the process (a pod then crash-loops
  // visibly). After telemetry has started: reading the key loads @grpc/grpc-js, which the instrumentation must patch
  // first, or the BFF's calls carry no client span and no trace context.
  if (!building) {
    const { readCallerKey } = await import('./server/bff-config');
    try {
      readCallerKey();
    } catch (error) {
      // pino writes stdout asynchronously but flushes it on exit, so this line is not lost.
      logger.fatal({ err: (error as Error).message }, 'bff failed to start');
      process.exit(1);
    }
  }
  // Prometheus metrics on their own port (METRICS_PORT, default 9100; 0 or off: none), never on a public route.
  // Not while building: the build's workers run register() too and have nothing to report.
  const metricsPort = metricsPortFrom(process.env);
  if (metricsPort !== undefined && !building) {
    await startMetricsServer({ port: metricsPort, logger: logger.child({ component: 'metrics' }) });
  }
}

/**
 * Every server-side error of a render or route handler, crawlers' included (they get no error page to see): one line
 * with event "request_error", and the trace and span ids of the failing request.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const { logger } = await import('./server/logger');
  logger.error(describeRequestError({ error, request, context }), 'request failed');
};
