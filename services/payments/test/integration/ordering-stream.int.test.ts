import { newId } from '@kassa/platform/ids';
import { ORDER_ENDED_DURABLE } from '../../src/events/subjects';
import { type PaymentsHarness, startPaymentsHarness } from '../fixtures/payments-harness';

// payments consumes ordering's stream but never creates it: started before ordering, it waits for the stream and
// then reads it from its beginning, so `npm run up` needs no start order.
jest.setTimeout(60_000);

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness('stream', { orderingStream: false });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

it("waits for ordering's stream, then processes what was published before it started consuming", async () => {
  let started = false;
  void h.running.orderEnded.started.then(() => (started = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(started).toBe(false);
  const order = h.ordering.addOrder();
  const { payment } = await h.client.createPayment({
    orderId: order.orderId,
    idempotencyKey: `key_${newId('ord').slice(4)}`,
    returnOrigin: 'http://localhost:3000',
    orderAccessKey: order.accessKey,
  });

  await h.createOrderingStream();
  const msgId = await h.publishOrderChanged('expired', order);
  await h.running.orderEnded.started;
  await h.processed(ORDER_ENDED_DURABLE, msgId);
  expect((await h.client.getPayment({ paymentId: payment!.id, orderAccessKey: order.accessKey })).payment!.status).toBe(
    'expired',
  );
});
