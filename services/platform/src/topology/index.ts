// The platform's parts and how they are wired: which services each part calls, the ports each listens on when the
// platform runs on one machine, and the order in which they start. Read by every service's config (its defaults), the
// BFF's, `npm run up` (scripts/dev/platform.ts) and the test harness (testing/src/stack.ts); the chart's values are
// held to it by scripts/lib/test/unit/operations-agree.test.ts. In a cluster the ports are the same and the addresses are the chart's.

export const SERVICE_NAMES = ['identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface ServicePart {
  /** gRPC, on one machine and in a cluster. */
  grpcPort: number;
  /** Health (/livez, /readyz) and metrics. */
  httpPort: number;
  /** The services it calls: it is given each one's <SERVICE>_GRPC_ADDRESS. */
  calls: readonly ServiceName[];
}

export const SERVICE_TOPOLOGY: Readonly<Record<ServiceName, ServicePart>> = {
  // Authorises every organiser call of the others; calls nobody.
  identity: { grpcPort: 50051, httpPort: 9101, calls: [] },
  catalog: { grpcPort: 50052, httpPort: 9102, calls: ['identity'] },
  ordering: { grpcPort: 50053, httpPort: 9103, calls: ['identity'] },
  // Reads the order it takes a payment for (and reports the outcome through events).
  payments: { grpcPort: 50054, httpPort: 9104, calls: ['identity', 'ordering'] },
  ticketing: { grpcPort: 50055, httpPort: 9105, calls: ['identity'] },
  notifications: { grpcPort: 50056, httpPort: 9106, calls: ['identity'] },
};

/** The BFF, the only public entry: it calls every service; its metrics have a port of their own (METRICS_PORT). */
export const BFF_PART = { port: 3000, metricsPort: 9100, calls: SERVICE_NAMES } as const;

/**
 * The start order: identity first (the others ask it on their first organiser call and their readiness would wait on
 * it), then the rest at once (each reads the streams it needs from their start, so no order among them is needed),
 * then the BFF.
 */
export const START_PHASES: readonly (readonly ServiceName[])[] = [
  ['identity'],
  ['catalog', 'ordering', 'payments', 'ticketing', 'notifications'],
];

/** Checkout and scan scale on their own: on one machine up to this many replicas of each. */
export const REPLICATED_SERVICES = ['ordering', 'ticketing'] as const satisfies readonly ServiceName[];
export const MAX_LOCAL_REPLICAS = 5;
/** Replica n (from 1) on one machine listens on the first one's ports + 10·(n−1): ordering 50053/9103, 50063/9113, … */
export const LOCAL_REPLICA_PORT_STEP = 10;

/** The variable that tells a caller where a service is: IDENTITY_GRPC_ADDRESS. */
export function addressVariable(service: ServiceName): string {
  return `${service.toUpperCase()}_GRPC_ADDRESS`;
}

/** Where a service's first replica is on one machine. */
export function localAddress(service: ServiceName): string {
  return `127.0.0.1:${SERVICE_TOPOLOGY[service].grpcPort}`;
}

/** A service's defaults for loadConfig: its database's name and its local ports. */
export function localDefaults(service: ServiceName): { database: string; grpcPort: number; httpPort: number } {
  const { grpcPort, httpPort } = SERVICE_TOPOLOGY[service];
  return { database: service, grpcPort, httpPort };
}

/** The ports of replicas 1…count of a service on one machine. */
export function localReplicaPorts(service: ServiceName, count: number): { grpc: number; http: number }[] {
  const { grpcPort, httpPort } = SERVICE_TOPOLOGY[service];
  return Array.from({ length: count }, (_, n) => ({
    grpc: grpcPort + LOCAL_REPLICA_PORT_STEP * n,
    http: httpPort + LOCAL_REPLICA_PORT_STEP * n,
  }));
}

/** The <SERVICE>_GRPC_ADDRESS variables of a part that calls `calls`, given where each service answers. */
export function addressEnvironment(
  calls: readonly ServiceName[],
  addressOf: (service: ServiceName) => string,
): Record<string, string> {
  return Object.fromEntries(calls.map((service) => [addressVariable(service), addressOf(service)]));
}

/** The services that call `service` (the chart lets only these reach its gRPC port, with the BFF). */
export function callersOf(service: ServiceName): ServiceName[] {
  return SERVICE_NAMES.filter((caller) => SERVICE_TOPOLOGY[caller].calls.includes(service));
}
