import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { TicketServiceClient, type TicketServiceService } from '@kassa/proto/ticketing/v1/tickets';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from '../bff-config';

export type TicketClient = PromiseClient<TicketServiceService>;

// One channel per process (ticketing serves TicketService beside ScanService, whose client is scan-client.ts); kept
// on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaTicketClient?: TicketClient };

/** ticketing's TicketService; the guest's calls (GetTicket, ListOrderTickets) use it as is. */
export function ticketClient(): TicketClient {
  // The CSV export asks for pages of 500 attendees: more than a point read, still well under a few seconds.
  holder.kassaTicketClient ??= createGrpcClient(TicketServiceClient, readBffConfig().ticketingAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 8000,
  });
  return holder.kassaTicketClient;
}

/** The organiser calls, acting for the signed-in user: `ticketClientAs(user.id).listAttendees({ … })`. */
export function ticketClientAs(userId: string): Acting<TicketClient> {
  return actingAs(ticketClient(), userId);
}
