import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import {
  NotificationsServiceClient,
  type NotificationsServiceService,
} from '@kassa/proto/notifications/v1/notifications';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from '../bff-config';

export type NotificationsClient = PromiseClient<NotificationsServiceService>;

// One channel per process (notifications serves NotificationsService beside PublicFormsService, whose client is
// public-forms-client.ts); kept on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaNotificationsClient?: NotificationsClient };

/** notifications' messages API; the mail provider's delivery events (HandleDeliveryEvent) use it as is. */
export function notificationsClient(): NotificationsClient {
  holder.kassaNotificationsClient ??= createGrpcClient(
    NotificationsServiceClient,
    readBffConfig().notificationsAddress,
    { callerKey: readCallerKey(), deadlineMs: 5000 },
  );
  return holder.kassaNotificationsClient;
}

/** The organiser calls (an order's messages, Resend), acting for the signed-in user. */
export function notificationsClientAs(userId: string): Acting<NotificationsClient> {
  return actingAs(notificationsClient(), userId);
}
