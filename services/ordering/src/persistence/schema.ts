import type { MigrationObject } from '@mikro-orm/core';
import { platformEntities, platformMigrations } from '@kassa/platform/persistence';
import { DiscountCodeEntity, DiscountUsageEntity } from './discount-code.entity';
import { EventEntity } from './event.entity';
import { Migration20261220OrderingInitial } from './migrations/migration-20261220-ordering-initial';
import { Migration20261230OrderingOrders } from './migrations/migration-20261230-ordering-orders';
import { Migration20270401OrderingAccessKeys } from './migrations/migration-20270401-ordering-access-keys';
import { Migration20270402OrderingHoldLimits } from './migrations/migration-20270402-ordering-hold-limits';
import { Migration20270501OrderingDashboard } from './migrations/migration-20270501-ordering-dashboard';
import { Migration20270502OrderingDashboardShops } from './migrations/migration-20270502-ordering-dashboard-shops';
import { Migration20270601OrderingComingSoon } from './migrations/migration-20270601-ordering-coming-soon';
import { Migration20270701OrderingEventTimeZone } from './migrations/migration-20270701-ordering-event-time-zone';
import { Migration20270801OrderingAttention } from './migrations/migration-20270801-ordering-attention';
import {
  CheckoutIdempotencyEntity,
  OrderAllocationEntity,
  OrderEntity,
  OrderHistoryEntity,
  OrderLineEntity,
  OrderPaymentEntity,
  RefundEntity,
} from './order.entity';
import { QuotaBucketEntity, QuotaEntity } from './quota.entity';
import { ShopItemEntity } from './shop-item.entity';
import { ShopEntity } from './shop.entity';
import { TicketOptionEntity } from './ticket-option.entity';

export const orderingEntities = [
  ...platformEntities,
  EventEntity,
  TicketOptionEntity,
  QuotaEntity,
  QuotaBucketEntity,
  ShopEntity,
  ShopItemEntity,
  DiscountCodeEntity,
  DiscountUsageEntity,
  OrderEntity,
  OrderLineEntity,
  OrderAllocationEntity,
  RefundEntity,
  OrderHistoryEntity,
  OrderPaymentEntity,
  CheckoutIdempotencyEntity,
];

/** Every migration, in order; listed explicitly so that a bundled image carries them. */
export const orderingMigrations: MigrationObject[] = [
  ...platformMigrations,
  { name: 'Migration20261220OrderingInitial', class: Migration20261220OrderingInitial },
  { name: 'Migration20261230OrderingOrders', class: Migration20261230OrderingOrders },
  { name: 'Migration20270401OrderingAccessKeys', class: Migration20270401OrderingAccessKeys },
  { name: 'Migration20270402OrderingHoldLimits', class: Migration20270402OrderingHoldLimits },
  { name: 'Migration20270501OrderingDashboard', class: Migration20270501OrderingDashboard },
  { name: 'Migration20270502OrderingDashboardShops', class: Migration20270502OrderingDashboardShops },
  { name: 'Migration20270601OrderingComingSoon', class: Migration20270601OrderingComingSoon },
  { name: 'Migration20270701OrderingEventTimeZone', class: Migration20270701OrderingEventTimeZone },
  { name: 'Migration20270801OrderingAttention', class: Migration20270801OrderingAttention },
];
