// What the scanner's part (src/application/scanning, src/grpc/scanning.handlers.ts) gets from the rest of the
// service: `createScanningHandlers(deps: ScanningDeps)` is registered as the ScanService in app.ts.
//
// Also meant for it (import directly):
// - domain/ticket-code.ts: verifyTicketCode, parseTicketCode, isRevoked, grantsEvent (codes); @kassa/contracts/scan-input:
//   readScanInput (code or typed reference, shared with the browser); domain/ticket-status.ts: statuses; domain/check-in-rate.ts.
// - persistence/ticket.entity.ts (TicketEntity, TicketAccessEntity: see its comment on how check-in writes them),
//   persistence/ticket.repository.ts (loadTickets, findTicketByReference, loadOrderTickets),
//   persistence/event.repository.ts (loadEvents, isEventOfOrganisation), persistence/ticket-stats.repository.ts
//   (countEventTickets: ScanCounts), persistence/open-conflicts.ts (countOpenConflicts: the scanner's to own).
// - application/ticket-views.ts (toTicket, toTicketEvent), application/ticketing-context.ts (authorizeAny, CHECKIN).
import type { OrganisationAuthorizer } from '@kassa/platform/authorization';
import type { Logger } from '@kassa/platform/logging';
import type { ScanConflictRecorded, TicketCheckedIn } from '@kassa/proto/ticketing/events/v1/events';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TicketKeys } from './ticket-keys';

/** Publishes ticketing's messages through the outbox, in the caller's transaction (never directly to NATS). */
export interface TicketingPublisher {
  /** On kassa.ticketing.ticket.checked_in, in the transaction that admitted the ticket. */
  ticketCheckedIn(em: EntityManager, message: TicketCheckedIn): void;
  /** On kassa.ticketing.scan.conflict_recorded, in the transaction that recorded the conflict. */
  scanConflictRecorded(em: EntityManager, message: ScanConflictRecorded): void;
}

export interface ScanningDeps {
  orm: MikroORM;
  /** identity's Authorize: members' scanners need "checkin" (authorizeAny / authorize). */
  authorizer: Pick<OrganisationAuthorizer, 'authorize'>;
  /** The organisations' keys: verification (online scans, offline kit). */
  keys: TicketKeys;
  publish: TicketingPublisher;
  logger: Logger;
  /** The service's clock (tests move it). */
  now(): Date;
}
