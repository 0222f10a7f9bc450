// A second BFF (the same build) beside a running stack, configured as it runs behind the ingress in production
// (TRUST_PROXY=1, charts/kassa/values.yaml: forwarded headers are believed), whose every gRPC call goes through a
// recording proxy to that stack's services.
import { join } from 'node:path';
import { type ManagedProcess, freePort, repoRoot, startProcess, waitForHttp } from '@kassa/testing/processes';
import type { StackInfo } from '@kassa/testing/stack';
import { type RecordingProxy, startRecordingProxy } from './recording-proxy';

export interface RecordingBff {
  url: string;
  proxy: RecordingProxy;
  stop(): Promise<void>;
}

export async function startRecordingBff(stack: StackInfo, name: string): Promise<RecordingBff> {
  const proxy = await startRecordingProxy({
    identity: stack.identityGrpc!,
    catalog: stack.catalogGrpc!,
    ordering: stack.orderingGrpc!,
    payments: stack.paymentsGrpc!,
    ticketing: stack.ticketingGrpc!,
    notifications: stack.notificationsGrpc!,
  });
  const port = await freePort();
  let bff: ManagedProcess | undefined;
  try {
    bff = startProcess(
      `${stack.namespace}-${name}`,
      process.execPath,
      [join(repoRoot, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port)],
      {
        ...stack.env,
        PORT: String(port),
        // No metrics port: the shared stack's BFF has one.
        METRICS_PORT: '0',
        TRUST_PROXY: '1',
        IDENTITY_GRPC_ADDRESS: proxy.address,
        CATALOG_GRPC_ADDRESS: proxy.address,
        ORDERING_GRPC_ADDRESS: proxy.address,
        PAYMENTS_GRPC_ADDRESS: proxy.address,
        TICKETING_GRPC_ADDRESS: proxy.address,
        NOTIFICATIONS_GRPC_ADDRESS: proxy.address,
      },
      join(repoRoot, 'bff'),
    );
    const url = `http://localhost:${port}`;
    await waitForHttp(`${url}/api/_auth/session`, name, 60_000, bff);
    return {
      url,
      proxy,
      async stop() {
        await bff?.stop();
        await proxy.close();
      },
    };
  } catch (error) {
    await bff?.stop();
    await proxy.close();
    throw error;
  }
}
