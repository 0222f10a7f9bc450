import type { ServerUnaryCall, ServerWritableStream, sendUnaryData, UntypedServiceImplementation } from '@grpc/grpc-js';
import { status } from '@grpc/grpc-js';
import {
  HealthCheckResponse_ServingStatus as ServingStatus,
  HealthService,
  type HealthCheckRequest,
  type HealthCheckResponse,
} from '@kassa/proto/grpc/health/v1/health';

export { HealthService };

/** The standard grpc.health.v1.Health service: '' means the whole server; each added service is known by its full name. */
export class HealthState {
  private serving = true;
  private readonly services = new Set<string>(['']);
  private readonly watchers = new Set<{
    service: string;
    call: ServerWritableStream<HealthCheckRequest, HealthCheckResponse>;
  }>();

  addService(name: string): void {
    this.services.add(name);
  }

  statusOf(service: string): ServingStatus {
    if (!this.services.has(service)) return ServingStatus.SERVICE_UNKNOWN;
    return this.serving ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
  }

  setServing(serving: boolean): void {
    if (this.serving === serving) return;
    this.serving = serving;
    for (const { service, call } of this.watchers) call.write({ status: this.statusOf(service) });
  }

  /** Ends every Watch stream, which would otherwise keep a graceful shutdown waiting. */
  endWatches(): void {
    for (const { call } of this.watchers) call.end();
    this.watchers.clear();
  }

  implementation(): UntypedServiceImplementation {
    return {
      check: (
        call: ServerUnaryCall<HealthCheckRequest, HealthCheckResponse>,
        callback: sendUnaryData<HealthCheckResponse>,
      ) => {
        const current = this.statusOf(call.request.service);
        if (current === ServingStatus.SERVICE_UNKNOWN) {
          callback({ code: status.NOT_FOUND, details: `Unknown service ${call.request.service}` });
          return;
        }
        callback(null, { status: current });
      },
      watch: (call: ServerWritableStream<HealthCheckRequest, HealthCheckResponse>) => {
        const watcher = { service: call.request.service, call };
        this.watchers.add(watcher);
        call.write({ status: this.statusOf(watcher.service) });
        call.on('cancelled', () => this.watchers.delete(watcher));
      },
    };
  }
}
