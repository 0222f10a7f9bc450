import type { MigrationObject } from '@mikro-orm/core';
import { platformEntities, platformMigrations } from '@kassa/platform/persistence';
import { EventEntity } from './event.entity';
import { Migration20270105TicketingInitial } from './migrations/migration-20270105-ticketing-initial';
import { Migration20270110TicketingScanning } from './migrations/migration-20270110-ticketing-scanning';
import { Migration20270401TicketingAccessKeys } from './migrations/migration-20270401-ticketing-access-keys';
import { Migration20270402TicketingScanLinkLimits } from './migrations/migration-20270402-ticketing-scan-link-limits';
import { Migration20270501TicketingScanCounters } from './migrations/migration-20270501-ticketing-scan-counters';
import { Migration20270502TicketingShopTickets } from './migrations/migration-20270502-ticketing-shop-tickets';
import { Migration20270701TicketingEventTimeZone } from './migrations/migration-20270701-ticketing-event-time-zone';
import { OrderStateEntity } from './order-state.entity';
import { scanningEntities } from './scanning/scanning.entities';
import { SigningKeyEntity } from './signing-key.entity';
import { TicketAccessEntity, TicketEntity } from './ticket.entity';

export const ticketingEntities = [
  ...platformEntities,
  SigningKeyEntity,
  EventEntity,
  OrderStateEntity,
  TicketEntity,
  TicketAccessEntity,
  // The scanner's: scan links, scan attempts, check-ins, conflicts.
  ...scanningEntities,
];

/** Every migration, in order; listed explicitly so that a bundled image carries them. */
export const ticketingMigrations: MigrationObject[] = [
  ...platformMigrations,
  { name: 'Migration20270105TicketingInitial', class: Migration20270105TicketingInitial },
  { name: 'Migration20270110TicketingScanning', class: Migration20270110TicketingScanning },
  { name: 'Migration20270401TicketingAccessKeys', class: Migration20270401TicketingAccessKeys },
  { name: 'Migration20270402TicketingScanLinkLimits', class: Migration20270402TicketingScanLinkLimits },
  { name: 'Migration20270501TicketingScanCounters', class: Migration20270501TicketingScanCounters },
  { name: 'Migration20270502TicketingShopTickets', class: Migration20270502TicketingShopTickets },
  { name: 'Migration20270701TicketingEventTimeZone', class: Migration20270701TicketingEventTimeZone },
];
