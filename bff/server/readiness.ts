import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import {
  HealthCheckResponse_ServingStatus,
  HealthClient,
  type HealthService,
} from '@kassa/proto/grpc/health/v1/health';
import { readBffConfig, readCallerKey } from './bff-config';

const holder = globalThis as typeof globalThis & { kassaHealthClients?: Map<string, PromiseClient<HealthService>> };

/** The services a page cannot work without, asked over the standard gRPC health protocol. */
export async function checkDependencies(): Promise<Record<string, boolean>> {
  const config = readBffConfig();
  const dependencies = { identity: config.identityAddress };
  holder.kassaHealthClients ??= new Map();
  const results = await Promise.all(
    Object.entries(dependencies).map(async ([name, address]) => {
      let client = holder.kassaHealthClients!.get(address);
      if (!client) {
        client = createGrpcClient(HealthClient, address, { callerKey: readCallerKey(), deadlineMs: 1000 });
        holder.kassaHealthClients!.set(address, client);
      }
      try {
        const { status } = await client.check({ service: '' });
        return [name, status === HealthCheckResponse_ServingStatus.SERVING] as const;
      } catch {
        return [name, false] as const;
      }
    }),
  );
  return Object.fromEntries(results);
}
