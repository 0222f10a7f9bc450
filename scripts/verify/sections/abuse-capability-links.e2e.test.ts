// `npm run verify`'s abuse section, its capability links part. Guest capability links cannot be guessed: an order, its
// tickets and each ticket's page open only with the access key of the order or the ticket, never with an id. Ids are
// ULIDs that count up within a millisecond, so the tickets of one order are one increment apart, and neighbouring
// orders of other guests are close: this walks the ids around a real order and its tickets both ways, on the shared
// stack, through the BFF as a guesser would (API and pages), and must find nothing. Its figures go into verify's table.
//
// The walk is able to find something (its control): it passes the real ids too, where the same requests with the
// right keys must open the order, its ticket list and each ticket.
import { randomUUID } from 'node:crypto';
import { orderApiPath, orderHref, ticketHref, withAccessKey } from '@kassa/web/lib/guest-access';
import { mustBeZero, mustEqual, recordFigures } from '../figures';
import { signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { ApiSession } from '@kassa/testing/api';
import { eventually } from '@kassa/testing/eventually';
import { buyThroughApi, expectOk, openShopWithOneEvent, type Purchase } from '@kassa/testing/sales';
import { stackInfo } from '@kassa/testing/stack-info';

const SECTION = 'abuse';
const stack = stackInfo();
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** How far each way the walk goes from each real id. */
const REACH = 12;

/** The id `offset` steps away in ULID order (the random part counted as a base-32 number, as ulid.ts increments it). */
function neighbour(id: string, offset: number): string {
  const [prefix, body] = id.split('_') as [string, string];
  let value = 0n;
  for (const char of body) value = value * 32n + BigInt(ALPHABET.indexOf(char));
  value += BigInt(offset);
  let out = '';
  for (let index = 0; index < body.length; index++) {
    out = ALPHABET[Number(value % 32n)] + out;
    value /= 32n;
  }
  return `${prefix}_${out}`;
}

/** [offset, id] from -REACH to +REACH, the real id (offset 0) included. */
const around = (id: string): [number, string][] =>
  Array.from({ length: REACH * 2 + 1 }, (_, index) => [index - REACH, neighbour(id, index - REACH)]);

interface GuestTicket {
  id: string;
  accessKey: string;
  reference: string;
}

let bought: Purchase;
let tickets: GuestTicket[];
let otherGuest: Purchase;
const guesser = new ApiSession(stack.bffUrl);

beforeAll(async () => {
  const owner = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('capability-owner'));
  const shop = await openShopWithOneEvent(owner, stack, {
    name: `Capability ${randomUUID().slice(0, 6)}`,
    capacity: 20,
    priceMinor: 1_500,
  });
  bought = await buyThroughApi(stack.bffUrl, shop.shopId, {
    items: [{ itemId: shop.itemId, quantity: 3 }],
    email: testAddress('capability-guest'),
  });
  otherGuest = await buyThroughApi(stack.bffUrl, shop.shopId, {
    items: [{ itemId: shop.itemId, quantity: 1 }],
    email: testAddress('capability-neighbour'),
  });
  tickets = await eventually('the three tickets to be issued', async () => {
    const { tickets: issued } = expectOk(
      await bought.guest.call(
        'GET',
        `${orderApiPath({ id: bought.orderId, accessKey: bought.accessKey }, '/tickets')}&locale=en`,
      ),
      'tickets',
    ) as { tickets: GuestTicket[] };
    return issued.length === 3 ? issued : undefined;
  });
}, 180_000);

describe('capability links', () => {
  it('open the order and each ticket with their own keys (the walk below can see an open door)', async () => {
    const order = { id: bought.orderId, accessKey: bought.accessKey };
    const opened = [
      (await guesser.call('GET', orderApiPath(order))).status,
      (await guesser.call('GET', orderHref(order))).status,
    ];
    for (const ticket of tickets) {
      expect(ticket.accessKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
      opened.push((await guesser.call('GET', ticketHref(ticket))).status);
    }
    recordFigures(SECTION, [
      mustEqual(
        SECTION,
        'capability links: order and tickets opened with their own keys (control)',
        opened.filter((code) => code === 200).length,
        5,
      ),
    ]);
    expect(opened).toEqual([200, 200, 200, 200, 200]);
    expect(new Set([bought.accessKey, otherGuest.accessKey, ...tickets.map((ticket) => ticket.accessKey)]).size).toBe(
      5,
    );
  });

  it("never open with an id alone, with another ticket's key, or with the order's key on a ticket", async () => {
    const answers: number[] = [];
    answers.push((await guesser.call('GET', `/api/orders/${bought.orderId}`)).status);
    answers.push((await guesser.call('GET', `/order/${bought.orderId}`)).status);
    answers.push((await guesser.call('GET', withAccessKey(`/order/${bought.orderId}`, otherGuest.accessKey))).status);
    answers.push(
      (await guesser.call('GET', withAccessKey(`/api/orders/${bought.orderId}`, tickets[0]!.accessKey))).status,
    );
    answers.push(
      (
        await guesser.call('POST', `/api/orders/${bought.orderId}/payments`, {
          idempotencyKey: randomUUID(),
          locale: 'en',
        })
      ).status,
    );
    for (const [index, ticket] of tickets.entries()) {
      answers.push((await guesser.call('GET', `/ticket/${ticket.id}`)).status);
      answers.push((await guesser.call('GET', withAccessKey(`/ticket/${ticket.id}`, bought.accessKey))).status);
      answers.push(
        (
          await guesser.call(
            'GET',
            withAccessKey(`/ticket/${ticket.id}`, tickets[(index + 1) % tickets.length]!.accessKey),
          )
        ).status,
      );
    }
    recordFigures(SECTION, [
      mustBeZero(
        SECTION,
        'capability links: opened by id alone or with another key',
        answers.filter((code) => code !== 404).length,
      ),
    ]);
    expect(answers).toEqual(answers.map(() => 404));
    const listed = expectOk(
      await guesser.call(
        'GET',
        `${withAccessKey(`/api/orders/${bought.orderId}/tickets`, otherGuest.accessKey)}&locale=en`,
      ),
      'tickets, wrong key',
    ) as { tickets: unknown[] };
    expect(listed.tickets).toEqual([]);
  });

  it('find nothing when walking the ids around the order and its tickets both ways', async () => {
    // Each walk includes offset 0, the real id with its real key: it must open there (the control, on the very same
    // requests) and nowhere else. Whether the order's tickets are themselves neighbours depends on whether they were
    // made in the same millisecond; the walk is counted either way.
    const opened = new Map<number, string[]>();
    const note = (offset: number, what: string) => opened.set(offset, [...(opened.get(offset) ?? []), what]);
    for (const [offset, id] of around(bought.orderId)) {
      for (const path of [
        `/api/orders/${id}`,
        withAccessKey(`/api/orders/${id}`, bought.accessKey),
        withAccessKey(`/order/${id}`, bought.accessKey),
      ]) {
        const answer = await guesser.call('GET', path);
        if (answer.status !== 404) note(offset, `${path} → ${answer.status}`);
      }
      const listed = await guesser.call(
        'GET',
        `${withAccessKey(`/api/orders/${id}/tickets`, bought.accessKey)}&locale=en`,
      );
      if (listed.status !== 200 || (listed.body as { tickets: unknown[] }).tickets.length > 0)
        note(offset, `tickets of ${id} → ${listed.status}`);
    }
    for (const ticket of tickets) {
      for (const [offset, id] of around(ticket.id)) {
        for (const path of [`/ticket/${id}`, withAccessKey(`/ticket/${id}`, ticket.accessKey)]) {
          const answer = await guesser.call('GET', path);
          if (answer.status !== 404) note(offset, `${path} → ${answer.status}`);
        }
      }
    }
    const realTicketIds = new Set(tickets.map((ticket) => ticket.id));
    const realTicketsWalked = tickets
      .flatMap((ticket) => around(ticket.id))
      .filter(([offset, id]) => offset !== 0 && realTicketIds.has(id)).length;
    const found = [...opened].filter(([offset]) => offset !== 0).flatMap(([, what]) => what);
    const openedAtZero = opened.get(0) ?? [];
    console.log(
      `capability walk: ${found.length} found off the real ids; ${openedAtZero.length} opened at the real ids; ${realTicketsWalked} of the order's own tickets passed on the way`,
    );
    recordFigures(SECTION, [
      mustBeZero(
        SECTION,
        'capability links: neighbouring ids found (order and tickets, both ways)',
        found.length,
        found.slice(0, 3).join('; ') || undefined,
      ),
      // Order page, order API with its key, the ticket list with its key, and each of the three ticket pages with its key.
      mustEqual(
        SECTION,
        'capability links: the real ids opened by the same walk with their keys (control)',
        openedAtZero.length,
        6,
      ),
    ]);
    expect(found).toEqual([]);
    expect(openedAtZero).toHaveLength(6);
  }, 120_000);
});
