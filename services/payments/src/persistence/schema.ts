import type { MigrationObject } from '@mikro-orm/core';
import { platformEntities, platformMigrations } from '@kassa/platform/persistence';
import { Migration20261230PaymentsInitial } from './migrations/migration-20261230-payments-initial';
import { Migration20270401PaymentsOrderKeys } from './migrations/migration-20270401-payments-order-keys';
import { Migration20270402PaymentsFlaggedAttempts } from './migrations/migration-20270402-payments-flagged-attempts';
import { PaymentAttemptEntity } from './payment-attempt.entity';
import { ProviderEventReceiptEntity } from './provider-event-receipt.entity';
import { RefundEntity } from './refund.entity';

export const paymentsEntities = [...platformEntities, PaymentAttemptEntity, ProviderEventReceiptEntity, RefundEntity];

/** Every migration, in order; listed explicitly so that a bundled image carries them. */
export const paymentsMigrations: MigrationObject[] = [
  ...platformMigrations,
  { name: 'Migration20261230PaymentsInitial', class: Migration20261230PaymentsInitial },
  { name: 'Migration20270401PaymentsOrderKeys', class: Migration20270401PaymentsOrderKeys },
  { name: 'Migration20270402PaymentsFlaggedAttempts', class: Migration20270402PaymentsFlaggedAttempts },
];
