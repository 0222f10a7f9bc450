// A gRPC pass-through between a BFF and the services that writes down the metadata of every call: what the BFF
// really sends, so that a test can tell whether anything a browser wrote (a kassa-* header, a forged credential, a
// user id) travelled on to a service. Bytes go through untouched; the answer (status, details, trailers) comes back.
import {
  Client,
  credentials,
  Metadata,
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type ServiceDefinition,
  type ServiceError,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { grpcTarget, requestDigest } from '@kassa/platform/grpc';
import { grpcMethods } from '../surface';

export interface RecordedCall {
  method: string;
  metadata: Record<string, string[]>;
  /** When the call arrived (ms), to check a credential's time against. */
  at: number;
  /** SHA-256 of the request's bytes, to check a credential's body binding against. */
  digest: Buffer;
}

export interface RecordingProxy {
  address: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

// Set by the HTTP/2 transport of each hop, not by the caller: not passed on (grpc-js sets its own).
const TRANSPORT_KEYS = new Set([
  'user-agent',
  'te',
  'content-type',
  'grpc-accept-encoding',
  'grpc-encoding',
  'grpc-timeout',
  'accept-encoding',
  'host',
]);
const HEALTH_CHECK = '/grpc.health.v1.Health/Check';
const bytes = (value: Buffer) => value;

/** The upstream address of each service package, e.g. `kassa.identity.v1` → identity's. */
export type Upstreams = Record<
  'identity' | 'catalog' | 'ordering' | 'payments' | 'ticketing' | 'notifications',
  string
>;

export async function startRecordingProxy(upstreams: Upstreams): Promise<RecordingProxy> {
  const calls: RecordedCall[] = [];
  const clients = new Map(
    Object.entries(upstreams).map(([service, address]) => [
      service,
      new Client(grpcTarget(address), credentials.createInsecure()),
    ]),
  );
  const server = new Server();
  const paths = [...grpcMethods().map(({ path }) => path), HEALTH_CHECK];
  const byService = new Map<string, string[]>();
  for (const path of paths) {
    const service = path.split('/')[1]!;
    byService.set(service, [...(byService.get(service) ?? []), path]);
  }
  for (const [service, servicePaths] of byService) {
    const definition: Record<string, ServiceDefinition[string]> = {};
    const implementation: Record<
      string,
      (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => void
    > = {};
    for (const path of servicePaths) {
      const name = path.split('/')[2]!;
      definition[name] = {
        path,
        requestStream: false,
        responseStream: false,
        requestSerialize: bytes,
        requestDeserialize: bytes,
        responseSerialize: bytes,
        responseDeserialize: bytes,
      };
      // The health check goes to identity: any upstream will do for the BFF's readiness.
      const upstream = clients.get(/^kassa\.([a-z]+)\./.exec(service)?.[1] ?? 'identity')!;
      implementation[name] = (call, callback) => {
        const recorded: Record<string, string[]> = {};
        const forwarded = new Metadata();
        for (const [key, values] of Object.entries(call.metadata.toJSON())) {
          recorded[key] = values.map((value) => (Buffer.isBuffer(value) ? value.toString('base64') : String(value)));
          if (TRANSPORT_KEYS.has(key)) continue;
          for (const value of values) forwarded.add(key, value);
        }
        calls.push({ method: path, metadata: recorded, at: Date.now(), digest: requestDigest(call.request) });
        const deadline = call.getDeadline();
        const deadlineMs = deadline instanceof Date ? deadline.getTime() : deadline;
        upstream.makeUnaryRequest(
          path,
          bytes,
          bytes,
          call.request,
          forwarded,
          Number.isFinite(deadlineMs) ? { deadline: deadlineMs } : {},
          (error: ServiceError | null, answer?: Buffer) => {
            if (error) callback({ code: error.code, details: error.details, metadata: error.metadata });
            else callback(null, answer);
          },
        );
      };
    }
    server.addService(definition as ServiceDefinition, implementation);
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    calls,
    async close() {
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
      for (const client of clients.values()) client.close();
    },
  };
}
