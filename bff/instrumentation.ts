import type { Instrumentation } from 'next';
import { describeRequestError } from './server/request-error-report';

// Next calls register() once per server process, before the app's modules load: the place to start tracing.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startTelemetry } = await import('@kassa/platform/telemetry');
  startTelemetry({ serviceName: 'bff' });
}

/** Every server-side error of a render or route handler, crawlers' included (they get no error page to see). */
export const onRequestError: Instrumentation.onRequestError = (error, request, context) => {
  console.error(JSON.stringify(describeRequestError({ error, request, context })));
};
