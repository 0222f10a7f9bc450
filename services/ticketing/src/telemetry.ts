// First import of main.ts: instrumentations must patch http, grpc and pg before they load.
import { startTelemetry } from '@kassa/platform/telemetry';

export const telemetry = startTelemetry({ serviceName: 'ticketing' });
