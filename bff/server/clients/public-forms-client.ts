import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { PublicFormsServiceClient, type PublicFormsServiceService } from '@kassa/proto/notifications/v1/notifications';
import { readBffConfig, readCallerKey } from '../bff-config';

export type PublicFormsClient = PromiseClient<PublicFormsServiceService>;

// One channel per process (notifications serves PublicFormsService beside NotificationsService); kept on globalThis
// so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaPublicFormsClient?: PublicFormsClient };

/** notifications' public forms API (waitlist, contact form); anonymous calls only. */
export function publicFormsClient(): PublicFormsClient {
  holder.kassaPublicFormsClient ??= createGrpcClient(PublicFormsServiceClient, readBffConfig().notificationsAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 5000,
  });
  return holder.kassaPublicFormsClient;
}
