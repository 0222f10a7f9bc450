import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { ConfigError } from '@kassa/platform/config';
import { loadNotificationsConfig } from '../../src/config';
import { createWalletPassIssuer, type WalletPassSigning } from '../../src/documents/wallet-pass';
import { loadWalletSigning } from '../../src/documents/wallet-signing';
import { walletPassName } from '../../src/domain/order-confirmation';
import { renderTemplate } from '../../src/templates/render-email';
import { confirmationPayload } from '../fixtures/tickets-issued';

jest.setTimeout(60_000);

/**
 * Certificates made here with openssl: a self-signed CA standing in for Apple's WWDR intermediate, and a pass type
 * certificate it signed. The passes are built and signed exactly as with Apple's; Apple Wallet itself would reject
 * them, because the chain does not end at Apple's root. What is checked is ours: the zip's content and a detached
 * CMS signature over manifest.json that verifies against the CA.
 */
let dir: string;
const passphrase = 'wallet key passphrase';
const files = () => ({
  wwdr: join(dir, 'wwdr.pem'),
  cert: join(dir, 'signer.pem'),
  key: join(dir, 'signer.key'),
});

const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-wallet-'));
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
    '/UID=pass.test.kassa/CN=Pass Type ID: pass.test.kassa/OU=ABCDE12345',
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
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function signing(overrides: Partial<WalletPassSigning> = {}): WalletPassSigning {
  return {
    passTypeId: 'pass.test.kassa',
    teamId: 'ABCDE12345',
    signerCert: readFileSync(files().cert),
    signerKey: readFileSync(files().key),
    signerKeyPassphrase: passphrase,
    wwdr: readFileSync(files().wwdr),
    ...overrides,
  };
}

/** The files of a zip, read through its central directory (stored or deflated entries). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe('Apple Wallet passes', () => {
  it('are a zip with pass.json, the icons, manifest.json and a signature over the manifest', () => {
    const payload = confirmationPayload();
    const ticket = payload.tickets[2]!;
    const pkpass = createWalletPassIssuer(signing()).pass(payload, ticket, 'en', 'http://localhost:3000');
    const entries = unzip(pkpass);
    expect([...entries.keys()].sort()).toEqual([
      'icon.png',
      'icon@2x.png',
      'icon@3x.png',
      'manifest.json',
      'pass.json',
      'signature',
    ]);

    const pass = JSON.parse(entries.get('pass.json')!.toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.kassa',
      teamIdentifier: 'ABCDE12345',
      serialNumber: ticket.id,
      organizationName: 'Kassa',
      barcodes: [
        { message: ticket.code, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: ticket.reference },
      ],
      relevantDate: payload.events[0]!.startsAt,
    });
    expect(pass.eventTicket.primaryFields).toEqual([
      { key: 'event', label: 'Event', value: 'Summer Concert in the Park' },
    ]);
    expect(pass.eventTicket.auxiliaryFields).toEqual([
      { key: 'item', label: 'Ticket', value: 'Weekend pass' },
      { key: 'reference', label: 'Reference', value: ticket.reference },
    ]);
    const back = pass.eventTicket.backFields as { key: string; label: string; value: string }[];
    expect(back.map((field) => field.label)).toEqual([
      'Summer Concert in the Park',
      'Late Summer Jazz Night',
      'Order number',
      'Ticket',
      'Ticket page',
    ]);
    expect(back.at(-1)!.value).toBe(`http://localhost:3000/ticket/${ticket.id}?key=${ticket.accessKey}`);

    // Every file but the two is listed with its SHA-1.
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Record<string, string>;
    for (const [name, content] of entries) {
      if (name === 'manifest.json' || name === 'signature') continue;
      expect(manifest[name]).toBe(createHash('sha1').update(content).digest('hex'));
    }

    // A detached CMS (PKCS #7) signature of manifest.json by the pass type certificate, which chains to the CA.
    writeFileSync(join(dir, 'manifest.json'), entries.get('manifest.json')!);
    writeFileSync(join(dir, 'signature'), entries.get('signature')!);
    expect(() =>
      openssl(
        'cms',
        '-verify',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-binary',
        '-CAfile',
        'wwdr.pem',
        '-purpose',
        'any',
        '-out',
        'verified',
      ),
    ).not.toThrow();
    // The same signature does not verify another manifest.
    writeFileSync(join(dir, 'manifest.json'), Buffer.concat([entries.get('manifest.json')!, Buffer.from(' ')]));
    expect(() =>
      openssl(
        'cms',
        '-verify',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-binary',
        '-CAfile',
        'wwdr.pem',
        '-purpose',
        'any',
        '-out',
        'verified',
      ),
    ).toThrow();
  });

  it('are in the order language', () => {
    const payload = confirmationPayload();
    const entries = unzip(
      createWalletPassIssuer(signing()).pass(payload, payload.tickets[0]!, 'nl', 'http://localhost:3000'),
    );
    const pass = JSON.parse(entries.get('pass.json')!.toString('utf8'));
    expect(pass.description).toBe('Ticket voor Summer Concert in the Park');
    expect(pass.eventTicket.primaryFields[0].label).toBe('Evenement');
    expect(pass.eventTicket.backFields.at(-1).value).toBe(
      `http://localhost:3000/nl/ticket/${payload.tickets[0]!.id}?key=${payload.tickets[0]!.accessKey}`,
    );
  });

  it('cannot be signed with a wrong passphrase', () => {
    const payload = confirmationPayload();
    expect(() =>
      createWalletPassIssuer(signing({ signerKeyPassphrase: 'wrong' })).pass(
        payload,
        payload.tickets[0]!,
        'en',
        'http://x',
      ),
    ).toThrow();
  });

  it('go with the confirmation, one per ticket; a pass that cannot be signed leaves the mail without passes, not without tickets', async () => {
    const payload = confirmationPayload();
    const mail = await renderTemplate('order-confirmation', payload, {
      locale: 'en',
      siteUrl: 'http://localhost:3000',
      wallet: createWalletPassIssuer(signing()),
    });
    const passes = (mail.attachments ?? []).filter(
      (attachment) => attachment.contentType === 'application/vnd.apple.pkpass',
    );
    expect(passes.map((attachment) => attachment.filename)).toEqual(payload.tickets.map(walletPassName));
    expect(mail.text).toContain('Apple Wallet pass');

    const failures: string[] = [];
    const broken = await renderTemplate('order-confirmation', payload, {
      locale: 'en',
      siteUrl: 'http://localhost:3000',
      wallet: createWalletPassIssuer(signing({ signerKeyPassphrase: 'wrong' })),
      onOptionalPartFailed: (_error, part) => failures.push(part),
    });
    expect(failures).toEqual(['wallet passes']);
    expect((broken.attachments ?? []).map((attachment) => attachment.contentType)).not.toContain(
      'application/vnd.apple.pkpass',
    );
    expect(broken.attachments?.some((attachment) => attachment.contentType === 'application/pdf')).toBe(true);
    expect(broken.text).not.toContain('Apple Wallet');
  });
});

describe('Wallet configuration', () => {
  const base = {
    EMAIL_WEBHOOK_SECRET: 'x'.repeat(32),
    KASSA_SEALING_KEY: Buffer.alloc(32, 1).toString('base64url'),
    KASSA_CALLER_KEY: Buffer.alloc(32, 2).toString('base64url'),
  };

  it('is off without the WALLET_ variables, and read from the PEM files when all are set', () => {
    expect(loadWalletSigning(loadNotificationsConfig(base))).toBeUndefined();
    const config = loadNotificationsConfig({
      ...base,
      WALLET_PASS_TYPE_ID: 'pass.test.kassa',
      WALLET_TEAM_ID: 'ABCDE12345',
      WALLET_SIGNER_CERT: files().cert,
      WALLET_SIGNER_KEY: files().key,
      WALLET_SIGNER_KEY_PASSPHRASE: passphrase,
      WALLET_WWDR_CERT: files().wwdr,
    });
    expect(loadWalletSigning(config)).toEqual(signing());
  });

  it('refuses a half-done setup, naming what is missing, and a file it cannot read', () => {
    let error: unknown;
    try {
      loadNotificationsConfig({ ...base, WALLET_PASS_TYPE_ID: 'pass.test.kassa', WALLET_SIGNER_CERT: files().cert });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.variable)).toEqual([
      'WALLET_TEAM_ID',
      'WALLET_SIGNER_KEY',
      'WALLET_WWDR_CERT',
    ]);

    const config = loadNotificationsConfig({
      ...base,
      WALLET_PASS_TYPE_ID: 'pass.test.kassa',
      WALLET_TEAM_ID: 'ABCDE12345',
      WALLET_SIGNER_CERT: files().cert,
      WALLET_SIGNER_KEY: join(dir, 'missing.key'),
      WALLET_WWDR_CERT: files().wwdr,
    });
    expect(() => loadWalletSigning(config)).toThrow(/WALLET_SIGNER_KEY: cannot read/);
  });
});

describe('the webhook secret', () => {
  it('is required and at least 32 characters', () => {
    const sealing = {
      KASSA_SEALING_KEY: Buffer.alloc(32, 1).toString('base64url'),
      KASSA_CALLER_KEY: Buffer.alloc(32, 2).toString('base64url'),
    };
    expect(() => loadNotificationsConfig(sealing)).toThrow(/EMAIL_WEBHOOK_SECRET/);
    expect(() => loadNotificationsConfig({ ...sealing, EMAIL_WEBHOOK_SECRET: 'short' })).toThrow(
      /EMAIL_WEBHOOK_SECRET \(must be at least 32 characters\)/,
    );
    expect(loadNotificationsConfig({ ...sealing, EMAIL_WEBHOOK_SECRET: 'y'.repeat(32) }).EMAIL_WEBHOOK_SECRET).toBe(
      'y'.repeat(32),
    );
  });
});
