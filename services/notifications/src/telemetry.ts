import { startTelemetry } from '@kassa/platform/telemetry';

// Imported first by main.ts so the instrumentations patch http, grpc, pg and ioredis before they load.
export const telemetry = startTelemetry({ serviceName: 'notifications' });
