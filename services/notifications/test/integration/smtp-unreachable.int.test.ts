import { subjects } from '../../src/events/subjects';
import { createServer } from 'node:net';
import type { Telemetry } from '@kassa/platform/telemetry';
import { EmailStatusChanged } from '@kassa/proto/notifications/events/v1/events';
import { metricValue, startTestTelemetry } from '@kassa/platform/testing';
import { eventually, historyOf, messageRowsFor, outboxRows, startHarness, type Harness } from './notifications-harness';

jest.setTimeout(60_000);

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let harness: Harness;
let telemetry: Telemetry;

beforeAll(async () => {
  telemetry = startTestTelemetry('notifications-test');
  harness = await startHarness({
    smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
    label: 'nosmtp',
    retry: { attempts: 3, backoffMs: 50 },
  });
});

afterAll(async () => {
  await harness?.close();
  await telemetry?.shutdown();
});

it('retries a message the SMTP server never accepts, then records it as notSent', async () => {
  const attempts = (outcome: string) => metricValue('kassa_emails_total', { kind: 'signin_code', outcome });
  const before = { sent: await attempts('sent'), failed: await attempts('failed') };
  const { event } = await harness.publishSignInCodeRequested({ code: '909090' });

  const [row] = await eventually(
    () => messageRowsFor(harness.orm, event.challengeId),
    (rows) => rows[0]?.status === 'notSent',
    20_000,
  );
  expect(row).toMatchObject({ status: 'notSent', attempts: 3, sealed_payload: null });
  // Every SMTP attempt counted as it failed (the last one before notSent was recorded).
  expect({ sent: await attempts('sent'), failed: await attempts('failed') }).toEqual({
    sent: before.sent,
    failed: before.failed + 3,
  });
  const history = await historyOf(harness.orm, row!.id);
  expect(history).toEqual([{ status: 'notSent', detail: expect.stringContaining('ECONNREFUSED') }]);

  const events = (await outboxRows(harness.orm, subjects.emailStatusChanged)).map((entry) =>
    EmailStatusChanged.decode(entry.payload),
  );
  expect(events).toEqual([expect.objectContaining({ messageId: row!.id, status: 'notSent' })]);

  // Given up for good: the sweeper does not bring it back.
  expect(await harness.app.sweeper.runOnce()).toBe(0);
});
