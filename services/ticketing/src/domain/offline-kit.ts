// What the offline kit tells a scanner about each ticket granting its event.

/**
 * A ticket's status at one event, as the offline scanner needs it: "canceled" and "reserved" as they are, otherwise
 * "used" when checked in at this event and "created" when not (a ticket "used" elsewhere is still open here).
 */
export function offlineTicketStatus(status: string, checkedInAt: Date | null): string {
  if (status === 'canceled' || status === 'reserved') return status;
  return checkedInAt ? 'used' : 'created';
}

/** Canceled tickets whose codes a scanner must refuse even though their signatures verify. */
export function revokedTicketIds(tickets: readonly { id: string; status: string }[]): string[] {
  return tickets.filter((ticket) => ticket.status === 'canceled').map((ticket) => ticket.id);
}
