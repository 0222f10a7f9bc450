import type { MigrationObject } from '@mikro-orm/core';
import { platformMigrations } from '@kassa/platform/persistence';
import { Migration20261122000100EmailMessages } from './migration-20261122000100-email-messages';
import { Migration20261201000100Waitlist } from './migration-20261201000100-waitlist';
import { Migration20261210000100MessageDedupeKey } from './migration-20261210000100-message-dedupe-key';
import { Migration20261220000100OrderConfirmations } from './migration-20261220000100-order-confirmations';

/** Every migration in order, listed explicitly so that a bundle carries them; the platform's come first. */
export const notificationsMigrations: MigrationObject[] = [
  ...platformMigrations,
  { name: 'Migration20261122000100EmailMessages', class: Migration20261122000100EmailMessages },
  { name: 'Migration20261201000100Waitlist', class: Migration20261201000100Waitlist },
  { name: 'Migration20261210000100MessageDedupeKey', class: Migration20261210000100MessageDedupeKey },
  { name: 'Migration20261220000100OrderConfirmations', class: Migration20261220000100OrderConfirmations },
];
