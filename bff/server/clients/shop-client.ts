import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { ShopServiceClient, type ShopServiceService } from '@kassa/proto/catalog/v1/shops';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from '../bff-config';

export type ShopClient = PromiseClient<ShopServiceService>;

// One channel per process (catalog serves ShopService beside EventService); kept on globalThis so that dev-mode
// module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaShopClient?: ShopClient };

/** catalog's ShopService; anonymous calls (GetPublicShop) use it as is. */
export function shopClient(): ShopClient {
  holder.kassaShopClient ??= createGrpcClient(ShopServiceClient, readBffConfig().catalogAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 5000,
  });
  return holder.kassaShopClient;
}

/** The organiser calls, acting for the signed-in user: `shopClientAs(user.id).listShops({ … })`. */
export function shopClientAs(userId: string): Acting<ShopClient> {
  return actingAs(shopClient(), userId);
}
