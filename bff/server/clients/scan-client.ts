import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { ScanServiceClient, type ScanServiceService } from '@kassa/proto/ticketing/v1/scanning';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from '../bff-config';

export type ScanClient = PromiseClient<ScanServiceService>;

// One channel per process; kept on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaScanClient?: ScanClient };

/** ticketing's ScanService; the scan-link calls (no signed-in user) use it as is. */
export function scanClient(): ScanClient {
  // A scan answers a person waiting at the door: a short deadline, so that the scanner falls back to its offline
  // kit quickly when ticketing is slow. The offline kit and a sync of up to 1,000 scans take longer.
  holder.kassaScanClient ??= createGrpcClient(ScanServiceClient, readBffConfig().ticketingAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 5_000,
  });
  return holder.kassaScanClient;
}

/** The member's calls, acting for the signed-in user: `scanClientAs(user.id).scan({ … })`; ticketing authorises again. */
export function scanClientAs(userId: string): Acting<ScanClient> {
  return actingAs(scanClient(), userId);
}

/** Per-call deadlines for the heavier calls. */
export const KIT_CALL = { deadlineMs: 15_000 } as const;
export const SYNC_CALL = { deadlineMs: 20_000 } as const;
