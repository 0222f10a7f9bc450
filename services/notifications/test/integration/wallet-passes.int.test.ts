import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '@kassa/platform/ids';
import { ensureStream } from '@kassa/platform/messaging';
import { type SmtpSink, startSmtpSink } from '@kassa/platform/testing';
import { TicketsIssued } from '@kassa/proto/ticketing/events/v1/events';
import { ticketsPdfName, walletPassName } from '../../src/domain/order-confirmation';
import { subjects, TICKETING_STREAM } from '../../src/events/subjects';
import { ticketsIssuedEvent } from '../fixtures/tickets-issued';
import { eventually, messageRowsFor, startHarness, type Harness } from './notifications-harness';

jest.setTimeout(90_000);

/**
 * notifications with Apple Wallet configured through its WALLET_* variables. The certificates are made here with
 * openssl (a self-signed CA standing in for Apple's WWDR intermediate, and a pass type certificate it signed): the
 * passes are built and signed as with Apple's, but Apple Wallet would reject them, since the chain does not end at
 * Apple's root. The pass content and signature are checked in test/unit/wallet-pass.test.ts.
 */
let dir: string;
let sink: SmtpSink;
let harness: Harness | undefined;

const passphrase = 'integration passphrase';
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
const walletEnv = (overrides: Record<string, string> = {}) => ({
  WALLET_PASS_TYPE_ID: 'pass.test.kassa',
  WALLET_TEAM_ID: 'ABCDE12345',
  WALLET_SIGNER_CERT: join(dir, 'signer.pem'),
  WALLET_SIGNER_KEY: join(dir, 'signer.key'),
  WALLET_SIGNER_KEY_PASSPHRASE: passphrase,
  WALLET_WWDR_CERT: join(dir, 'wwdr.pem'),
  ...overrides,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-wallet-int-'));
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test WWDR stand-in (not Apple)',
  );
  openssl('genrsa', '-aes256', '-passout', `pass:${passphrase}`, '-out', 'signer.key', '2048');
  openssl(
    'req',
    '-new',
    '-key',
    'signer.key',
    '-passin',
    `pass:${passphrase}`,
    '-out',
    'signer.csr',
    '-subj',
    '/CN=Pass Type ID: pass.test.kassa/OU=ABCDE12345',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    'signer.pem',
    '-days',
    '2',
  );
  sink = await startSmtpSink();
});

afterAll(async () => {
  await harness?.close();
  await sink?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Apple Wallet passes', () => {
  it('refuse to start with a key they cannot sign with, saying why', async () => {
    await expect(
      startHarness({
        smtpUrl: `smtp://127.0.0.1:${sink.port}`,
        label: 'walletbad',
        env: walletEnv({ WALLET_SIGNER_KEY_PASSPHRASE: 'wrong passphrase' }),
      }),
    ).rejects.toThrow(/Apple Wallet passes cannot be signed with the configured WALLET_\* files/);
  });

  it('go with the confirmation, one per ticket, when configured', async () => {
    harness = await startHarness({
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      label: 'wallet',
      streamRetryMs: 100,
      env: walletEnv(),
    });
    await ensureStream(harness.nats.jsm, {
      name: harness.namespace.stream(TICKETING_STREAM),
      subjects: [harness.namespace.subject('kassa.ticketing.>')],
    });
    const event = ticketsIssuedEvent();
    await harness.nats.js.publish(
      harness.namespace.subject(subjects.ticketsIssued),
      TicketsIssued.encode(event).finish(),
      { msgID: newId('obx') },
    );

    const mail = await sink.waitForMessage((message) => message.to.includes(event.order!.email), 30_000);
    const passes = mail.attachments.filter((attachment) => attachment.contentType === 'application/vnd.apple.pkpass');
    expect(passes.map((attachment) => attachment.filename)).toEqual(event.tickets.map(walletPassName));
    for (const pass of passes) expect(pass.content.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(mail.attachments.map((attachment) => attachment.filename)).toContain(ticketsPdfName(event.order!.number));
    expect(mail.text).toContain('each as an Apple Wallet pass');

    const [row] = await eventually(
      () => messageRowsFor(harness!.orm, event.order!.id),
      (rows) => rows[0]?.status === 'send',
    );
    expect(row!.attachments).toEqual(mail.attachments.map((attachment) => attachment.filename));
  });
});
