import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { EventServiceClient, type EventServiceService } from '@kassa/proto/catalog/v1/events';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from '../bff-config';

export type EventClient = PromiseClient<EventServiceService>;

// One channel per process; kept on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaEventClient?: EventClient };

/** catalog's EventService; anonymous calls (GetPublicEvent) use it as is. */
export function eventClient(): EventClient {
  holder.kassaEventClient ??= createGrpcClient(EventServiceClient, readBffConfig().catalogAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 5000,
  });
  return holder.kassaEventClient;
}

/** The organiser calls, acting for the signed-in user: `eventClientAs(user.id).listEvents({ … })`. */
export function eventClientAs(userId: string): Acting<EventClient> {
  return actingAs(eventClient(), userId);
}
