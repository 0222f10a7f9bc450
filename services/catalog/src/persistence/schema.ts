import type { MigrationObject } from '@mikro-orm/core';
import { platformEntities, platformMigrations } from '@kassa/platform/persistence';
import { DiscountCodeEntity } from './discount-code.entity';
import { EventEntity } from './event.entity';
import { HistoryEntryEntity } from './history-entry.entity';
import { Migration20261210CatalogInitial } from './migrations/migration-20261210-catalog-initial';
import { Migration20261220CatalogShops } from './migrations/migration-20261220-catalog-shops';
import { Migration20261231CatalogShortHolds } from './migrations/migration-20261231-catalog-short-holds';
import { Migration20270601CatalogComingSoon } from './migrations/migration-20270601-catalog-coming-soon';
import { Migration20270701CatalogEventTimeZone } from './migrations/migration-20270701-catalog-event-time-zone';
import { ShopItemEntity } from './shop-item.entity';
import { ShopEntity } from './shop.entity';
import { TicketOptionEntity } from './ticket-option.entity';

export const catalogEntities = [
  ...platformEntities,
  EventEntity,
  TicketOptionEntity,
  HistoryEntryEntity,
  ShopEntity,
  ShopItemEntity,
  DiscountCodeEntity,
];

/** Every migration, in order; listed explicitly so that a bundled image carries them. */
export const catalogMigrations: MigrationObject[] = [
  ...platformMigrations,
  { name: 'Migration20261210CatalogInitial', class: Migration20261210CatalogInitial },
  { name: 'Migration20261220CatalogShops', class: Migration20261220CatalogShops },
  { name: 'Migration20261231CatalogShortHolds', class: Migration20261231CatalogShortHolds },
  { name: 'Migration20270601CatalogComingSoon', class: Migration20270601CatalogComingSoon },
  { name: 'Migration20270701CatalogEventTimeZone', class: Migration20270701CatalogEventTimeZone },
];
