// What the event pages can ask the BFF to do; the host wires each to its route handler.
import type { ApiResult } from '../../lib/api-result';
import type { EventInput, EventView, TicketOptionInput, TicketOptionView } from '../../lib/event-model';

export interface EventActions {
  publish(): Promise<ApiResult<{ event: EventView }>>;
  convertToDraft(): Promise<ApiResult<{ event: EventView }>>;
  update(input: EventInput): Promise<ApiResult<{ event: EventView }>>;
  remove(): Promise<ApiResult<{ event: EventView }>>;
  createTicketOption(input: TicketOptionInput): Promise<ApiResult<{ ticketOption: TicketOptionView }>>;
  updateTicketOption(
    ticketOptionId: string,
    input: TicketOptionInput,
  ): Promise<ApiResult<{ ticketOption: TicketOptionView }>>;
  deleteTicketOption(ticketOptionId: string): Promise<ApiResult<unknown>>;
}
