import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import {
  NotificationsServiceClient,
  type NotificationsServiceService,
  PublicFormsServiceClient,
  type PublicFormsServiceService,
} from '@kassa/proto/notifications/v1/notifications';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from './bff-config';

export type PublicFormsClient = PromiseClient<PublicFormsServiceService>;
export type NotificationsClient = PromiseClient<NotificationsServiceService>;

// One channel per service and process; kept on globalThis so that dev-mode module reloads do not open new ones.
const holder = globalThis as typeof globalThis & { kassaPublicFormsClient?: PublicFormsClient; kassaNotificationsClient?: NotificationsClient };

/** notifications' public forms API (waitlist, contact form). */
export function publicFormsClient(): PublicFormsClient {
  holder.kassaPublicFormsClient ??= createGrpcClient(PublicFormsServiceClient, readBffConfig().notificationsAddress, { callerKey: readCallerKey(), deadlineMs: 5000 });
  return holder.kassaPublicFormsClient;
}

/** notifications' messages API; the mail provider's delivery events (HandleDeliveryEvent) use it as is. */
export function notificationsClient(): NotificationsClient {
  holder.kassaNotificationsClient ??= createGrpcClient(NotificationsServiceClient, readBffConfig().notificationsAddress, { callerKey: readCallerKey(), deadlineMs: 5000 });
  return holder.kassaNotificationsClient;
}

/** The organiser calls (an order's messages, Resend), acting for the signed-in user. */
export function notificationsAs(userId: string): Acting<NotificationsClient> {
  return actingAs(notificationsClient(), userId);
}
