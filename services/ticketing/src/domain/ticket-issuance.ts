// Order lines → tickets (docs/ARCHITECTURE.md, Ticketing): one ticket per admission (a line of quantity 3 is three tickets),
// each granting every event its shop item grants, priced at its share of the line's total after discount. The
// shares are exact: the first tickets of a line take the leftover cents, so a line's tickets add up to its total.

export interface IssuableLine {
  itemId: string;
  ticketOptionId: string;
  /** The events the item grants, "evt_…". */
  eventIds: readonly string[];
  /** The item's name when ordered. */
  name: string;
  quantity: number;
  /** The line's total after discount, in minor units. */
  totalMinor: number;
}

export interface PlannedTicket {
  /** From 1, across the order's lines in their order. */
  position: number;
  /** The order's ticket count. */
  ofCount: number;
  itemId: string;
  itemName: string;
  ticketOptionId: string;
  /** Every event it grants, each once, in the line's order. */
  eventIds: string[];
  priceMinor: number;
}

/** `totalMinor` over `quantity` tickets: equal shares, the first `totalMinor mod quantity` one cent more. */
export function splitPrice(totalMinor: number, quantity: number): number[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0)
    throw new Error(`A line total must be a whole number of minor units ≥ 0, got ${totalMinor}`);
  if (!Number.isSafeInteger(quantity) || quantity < 0)
    throw new Error(`A quantity must be a whole number ≥ 0, got ${quantity}`);
  if (quantity === 0) {
    if (totalMinor !== 0) throw new Error('A line without tickets cannot cost anything');
    return [];
  }
  const share = Math.floor(totalMinor / quantity);
  const remainder = totalMinor - share * quantity;
  return Array.from({ length: quantity }, (_, index) => share + (index < remainder ? 1 : 0));
}

/** The tickets an order's lines make, in order. */
export function planTickets(lines: readonly IssuableLine[]): PlannedTicket[] {
  const ofCount = lines.reduce((count, line) => count + line.quantity, 0);
  const tickets: PlannedTicket[] = [];
  for (const line of lines) {
    const eventIds = [...new Set(line.eventIds)];
    if (line.quantity > 0 && eventIds.length === 0) throw new Error(`Item ${line.itemId} grants no event`);
    for (const priceMinor of splitPrice(line.totalMinor, line.quantity)) {
      tickets.push({
        position: tickets.length + 1,
        ofCount,
        itemId: line.itemId,
        itemName: line.name,
        ticketOptionId: line.ticketOptionId,
        eventIds,
        priceMinor,
      });
    }
  }
  return tickets;
}
