import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { PublicFormsServiceClient, type PublicFormsServiceService } from '@kassa/proto/notifications/v1/notifications';
import { readBffConfig } from './bff-config';

export type PublicFormsClient = PromiseClient<PublicFormsServiceService>;

// One channel per process; kept on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaPublicFormsClient?: PublicFormsClient };

/** notifications' public forms API (waitlist, contact form). */
export function publicFormsClient(): PublicFormsClient {
  holder.kassaPublicFormsClient ??= createGrpcClient(PublicFormsServiceClient, readBffConfig().notificationsAddress, { deadlineMs: 5000 });
  return holder.kassaPublicFormsClient;
}
