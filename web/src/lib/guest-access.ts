// The guest's capability links. An order, a ticket and a demo payment page open only with the access key of the
// order or ticket (128 random bits) in the address's `key` parameter: the ids are sortable and neighbour one
// another, so they are never enough on their own. The BFF reads the parameter back with the same name
// (bff/server/orders/guest-access.ts; a unit test ties the two).
export const ACCESS_KEY_PARAM = 'key';

/** `path` with the key added to its query (after any parameters it already has). */
export function withAccessKey(path: string, accessKey: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${ACCESS_KEY_PARAM}=${encodeURIComponent(accessKey)}`;
}

/** /order/{orderId}?key=…: the guest's order page. */
export const orderHref = (order: { id: string; accessKey: string }): string =>
  withAccessKey(`/order/${encodeURIComponent(order.id)}`, order.accessKey);

/** /ticket/{ticketId}?key=…: one ticket's page. */
export const ticketHref = (ticket: { id: string; accessKey: string }): string =>
  withAccessKey(`/ticket/${encodeURIComponent(ticket.id)}`, ticket.accessKey);

/** The order's API (GET the order; /tickets, /payments under it), with the key; `suffix` goes before the query. */
export const orderApiPath = (order: { id: string; accessKey: string }, suffix = ''): string =>
  withAccessKey(`/api/orders/${encodeURIComponent(order.id)}${suffix}`, order.accessKey);
