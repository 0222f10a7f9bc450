import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BFF_PART,
  SERVICE_NAMES,
  SERVICE_TOPOLOGY,
  addressEnvironment,
  addressVariable,
  callersOf,
  localAddress,
  localDefaults,
  localReplicaPorts,
} from '../../src/topology';

const root = join(__dirname, '..', '..', '..', '..');
/** The <SERVICE>_GRPC_ADDRESS variables a config file reads. */
const addressesRead = (path: string) =>
  [...new Set(readFileSync(join(root, path), 'utf8').match(/\b[A-Z]+_GRPC_ADDRESS\b/g) ?? [])].sort();

describe('the topology', () => {
  it("is what each service's config and the BFF's read: one address per service it calls, no other", () => {
    for (const service of SERVICE_NAMES)
      expect({ service, reads: addressesRead(`services/${service}/src/config.ts`) }).toEqual({
        service,
        reads: SERVICE_TOPOLOGY[service].calls.map(addressVariable).sort(),
      });
    expect(addressesRead('bff/server/bff-config.ts')).toEqual(BFF_PART.calls.map(addressVariable).sort());
  });

  it('gives every part its own ports, replicas included', () => {
    const ports = [
      BFF_PART.port,
      BFF_PART.metricsPort,
      ...SERVICE_NAMES.flatMap((service) => localReplicaPorts(service, 5).flatMap(({ grpc, http }) => [grpc, http])),
    ];
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('names addresses, defaults and replica ports on one machine', () => {
    expect(localAddress('identity')).toBe('127.0.0.1:50051');
    expect(localDefaults('payments')).toEqual({ database: 'payments', grpcPort: 50054, httpPort: 9104 });
    expect(localReplicaPorts('ordering', 2)).toEqual([
      { grpc: 50053, http: 9103 },
      { grpc: 50063, http: 9113 },
    ]);
    expect(addressEnvironment(SERVICE_TOPOLOGY.payments.calls, (service) => `${service}:1`)).toEqual({
      IDENTITY_GRPC_ADDRESS: 'identity:1',
      ORDERING_GRPC_ADDRESS: 'ordering:1',
    });
    expect(callersOf('ordering')).toEqual(['payments']);
    expect(callersOf('identity')).toEqual(['catalog', 'ordering', 'payments', 'ticketing', 'notifications']);
  });
});
