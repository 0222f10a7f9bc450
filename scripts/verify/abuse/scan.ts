// The entrance under attack, through a scan link as door staff use it (POST /api/scan): real tickets bought and
// paid in a shop, their codes read off the guests' ticket pages, then
// - every valid ticket scanned once: all admitted (no false rejection);
// - each replayed with a new nonce ("already used") and with the same nonce (the first answer again, no second
//   admission), the checked-in count staying at the number of tickets;
// - forged codes (payload or signature changed, another ticket's signature, an unknown key), random strings,
//   the tickets of a refunded order, another organisation's tickets, and valid tickets through a revoked link:
//   none admitted, each refused for the reason the door must see.
// Forged codes and the revoked link are tried before the valid scans, so that a wrongly admitted forgery would
// also show as a valid ticket rejected afterwards.
import { REFERENCE_ALPHABET } from '@kassa/contracts/ticket-reference';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mustBeZero, mustEqual, type VerifyFigure } from '../figures';
import { Browser, clientAddress, type HttpAnswer, inPool, okBody } from './http';
import {
  buyAndPay,
  codeOfTicket,
  type Organiser,
  organiserWithShop,
  type Purchase,
  type ShopPlatform,
  ticketsOfOrder,
} from './shop';
import type { AbuseSizes } from './sizes';

const SECTION = 'abuse';
const DOOR_GROUP = 6;

interface ScanOutcome {
  result: string;
  checkedInAt: string;
  counts: { checkedIn: number; sold: number } | null;
}

/** "KT1.<keyId>.<payload>.<signature>", payload base64url(JSON { t, e, s }). */
export function splitCode(code: string): {
  keyId: string;
  payload: Record<string, unknown>;
  payloadText: string;
  signature: string;
} {
  const [version, keyId, payloadText, signature] = code.split('.');
  if (version !== 'KT1' || !keyId || !payloadText || !signature)
    throw new Error(`not a ticket code: ${code.slice(0, 30)}…`);
  return {
    keyId,
    payload: JSON.parse(Buffer.from(payloadText, 'base64url').toString('utf8')) as Record<string, unknown>,
    payloadText,
    signature,
  };
}

const joinCode = (keyId: string, payloadText: string, signature: string) => `KT1.${keyId}.${payloadText}.${signature}`;
const encodePayload = (payload: unknown, spacing?: number) =>
  Buffer.from(JSON.stringify(payload, null, spacing)).toString('base64url');

/** One character of a base64url string changed. */
function flipCharacter(text: string, index: number): string {
  const char = text[index]!;
  return `${text.slice(0, index)}${char === 'A' ? 'B' : 'A'}${text.slice(index + 1)}`;
}

/** Codes made from real ones that no scanner may admit; `victim` is a valid ticket not yet scanned. */
export function forgeries(
  victim: string,
  other: string,
  foreign: string,
  doorEventId: string,
): { what: string; code: string }[] {
  const v = splitCode(victim);
  const o = splitCode(other);
  const f = splitCode(foreign);
  return [
    {
      what: "another ticket's id in the payload, signature kept",
      code: joinCode(v.keyId, encodePayload({ ...v.payload, t: o.payload.t }), v.signature),
    },
    {
      what: 'the seed changed, signature kept',
      code: joinCode(v.keyId, encodePayload({ ...v.payload, s: 'forged-seed' }), v.signature),
    },
    {
      what: 'the same payload re-encoded with spaces',
      code: joinCode(v.keyId, encodePayload(v.payload, 1), v.signature),
    },
    {
      what: 'one character of the signature changed',
      code: joinCode(v.keyId, v.payloadText, flipCharacter(v.signature, 5)),
    },
    {
      what: 'the last character of the signature changed',
      code: joinCode(v.keyId, v.payloadText, flipCharacter(v.signature, v.signature.length - 1)),
    },
    { what: "another ticket's signature", code: joinCode(v.keyId, v.payloadText, o.signature) },
    { what: 'the signature cut short', code: joinCode(v.keyId, v.payloadText, v.signature.slice(0, -4)) },
    { what: 'no signature', code: `KT1.${v.keyId}.${v.payloadText}.` },
    { what: 'an unknown key id', code: joinCode(`${v.keyId}x`, v.payloadText, v.signature) },
    {
      what: 'a random 64-byte signature',
      code: joinCode(v.keyId, v.payloadText, randomBytes(64).toString('base64url')),
    },
    {
      what: "a foreign ticket's payload granting this door's event, its signature kept",
      code: joinCode(f.keyId, encodePayload({ ...f.payload, e: [doorEventId] }), f.signature),
    },
  ];
}

/** Strings a scanner might be shown: codes in the signed format, references, anything. */
export function randomScanStrings(count: number): string[] {
  const printable = () =>
    Array.from({ length: 1 + randomInt(120) }, () => String.fromCharCode(32 + randomInt(95))).join('');
  const reference = () =>
    Array.from(
      { length: 8 },
      (_, i) => (i === 4 ? '-' : '') + REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)],
    ).join('');
  const signedFormat = () =>
    `KT1.${randomBytes(4).toString('base64url')}.${randomBytes(40 + randomInt(40)).toString('base64url')}.${randomBytes(64).toString('base64url')}`;
  const makers = [printable, reference, signedFormat, () => randomUUID(), () => 'A'.repeat(1_000)];
  return Array.from({ length: count }, (_, i) => makers[i % makers.length]!().trim() || 'x');
}

export async function scanAbuse(
  platform: ShopPlatform,
  sizes: AbuseSizes['scan'],
  log: (line: string) => void,
): Promise<VerifyFigure[]> {
  const door: Organiser = await organiserWithShop(platform, 'door');
  const foreignOrganiser: Organiser = await organiserWithShop(platform, 'foreign');

  // Tickets: paid orders of two, one more order refunded in full, and one ticket of another organisation.
  const purchases = await inPool(
    Array.from({ length: sizes.orders }, (_, i) => i),
    4,
    (i) => buyAndPay(platform.bffUrl, door, 2, clientAddress(7, i + 1)),
  );
  const refundedPurchase = await buyAndPay(platform.bffUrl, door, 2, clientAddress(7, 200));
  const foreignPurchase = await buyAndPay(platform.bffUrl, foreignOrganiser, 1, clientAddress(7, 201));
  const codesOf = async (purchase: Purchase, quantity: number) =>
    Promise.all((await ticketsOfOrder(purchase, quantity)).map((ticket) => codeOfTicket(platform.bffUrl, ticket)));
  const valid = (await inPool(purchases, 4, (purchase) => codesOf(purchase, 2))).flat();
  // The guest of the refunded order kept the codes (a screenshot) before the organiser refunded it.
  const refunded = await codesOf(refundedPurchase, 2);
  const foreign = await codesOf(foreignPurchase, 1);
  okBody(
    await door.browser.call('POST', `/api/organisations/${door.orgId}/orders/${refundedPurchase.orderId}/refund`, {
      body: { full: true, idempotencyKey: randomUUID() },
    }),
    'refund in full',
  );
  await ticketsOfOrder(refundedPurchase, 2, 'canceled');
  log(`scan: ${valid.length} valid tickets, ${refunded.length} refunded, ${foreign.length} foreign`);

  // The door's link, and one the organiser revoked.
  const linkUrl = `/api/organisations/${door.orgId}/events/${door.eventId}/scan-links`;
  const { secret } = okBody<{ secret: string }>(
    await door.browser.call('POST', linkUrl, { body: { name: 'Main entrance' } }),
    'create scan link',
  );
  const revokedLink = okBody<{ link: { id: string }; secret: string }>(
    await door.browser.call('POST', linkUrl, { body: { name: 'Side entrance' } }),
    'create scan link',
  );
  okBody(await door.browser.call('POST', `${linkUrl}/${revokedLink.link.id}/revoke`), 'revoke scan link');

  // Door phones, each its own address (the link's limit counts per address, as phones at a door are).
  const phones = Array.from({ length: 8 }, (_, i) => ({
    browser: new Browser(platform.bffUrl, clientAddress(DOOR_GROUP, i + 1)),
    deviceId: `dev_abuse_door_${i + 1}`,
  }));
  for (const phone of phones)
    okBody(
      await phone.browser.call('POST', '/api/scan/open', { body: { secret, deviceId: phone.deviceId, locale: 'en' } }),
      'open the scanner',
    );
  let serverErrors = 0;
  let scanCount = 0;
  /** One scan from the next phone, or from the given one (a retry comes from the phone that scanned first). */
  const scan = async (
    code: string,
    nonce = randomUUID(),
    linkSecret = secret,
    phone = phones[scanCount % phones.length]!,
  ): Promise<HttpAnswer> => {
    scanCount++;
    const answer = await phone.browser.call('POST', '/api/scan', {
      body: { secret: linkSecret, code, nonce, deviceId: phone.deviceId },
    });
    if (answer.status >= 500) serverErrors++;
    return answer;
  };
  const admitted = (answer: HttpAnswer) => answer.status === 200 && (answer.body as ScanOutcome).result === 'valid';
  const wrongReasons: string[] = [];
  const expectRefusal = (what: string, answer: HttpAnswer, expected: { status?: number; result?: string }) => {
    const result = answer.status === 200 ? (answer.body as ScanOutcome).result : undefined;
    if (
      (expected.status !== undefined && answer.status !== expected.status) ||
      (expected.result !== undefined && result !== expected.result)
    ) {
      wrongReasons.push(`${what}: ${answer.status} ${result ?? answer.text.slice(0, 80)}`);
    }
  };

  // 1. Through the revoked link: refused as an unknown link (404).
  let admittedThroughRevokedLink = 0;
  for (const code of valid.slice(0, 2)) {
    const answer = await scan(code, randomUUID(), revokedLink.secret);
    if (admitted(answer)) admittedThroughRevokedLink++;
    expectRefusal('valid ticket through a revoked link', answer, { status: 404 });
  }

  // 2. Forgeries of tickets not yet scanned.
  let forgedAdmitted = 0;
  const forged = forgeries(valid[0]!, valid[1]!, foreign[0]!, door.eventId);
  for (const { what, code } of forged) {
    const answer = await scan(code);
    if (admitted(answer)) forgedAdmitted++;
    expectRefusal(`forged: ${what}`, answer, { status: 200, result: 'invalid' });
  }

  // 3. Random strings, from every phone at once.
  const strings = randomScanStrings(sizes.randomStrings);
  const randomAnswers = await inPool(strings, 8, (code) => scan(code));
  const randomAdmitted = randomAnswers.filter(admitted).length;
  randomAnswers.forEach((answer, i) =>
    expectRefusal(`random string ${JSON.stringify(strings[i]!.slice(0, 20))}`, answer, {
      status: 200,
      result: 'invalid',
    }),
  );

  // 4. The refunded order's tickets and the other organisation's.
  let revokedAdmitted = 0;
  for (const code of refunded) {
    const answer = await scan(code);
    if (admitted(answer)) revokedAdmitted++;
    expectRefusal('ticket of a refunded order', answer, { status: 200, result: 'canceled' });
  }
  let foreignAdmitted = 0;
  for (const code of foreign) {
    const answer = await scan(code);
    if (admitted(answer)) foreignAdmitted++;
    expectRefusal("another organisation's ticket", answer, { status: 200, result: 'invalid' });
  }

  // 5. Every valid ticket once (the door's rush: all phones at once), then replays: the same code with a new nonce
  // (a second person showing a copy), the same nonce again from the same phone (its retry after a lost answer), and
  // the same nonce from another phone (a captured request replayed elsewhere).
  const nonces = valid.map(() => randomUUID());
  const phoneOf = (i: number) => phones[i % phones.length]!;
  const first = await inPool(valid, 8, (code, i) => scan(code, nonces[i], secret, phoneOf(i)));
  const falseRejections = first.filter((answer) => !admitted(answer)).length;
  let replaysAdmitted = 0;
  let sameNonceDifferent = 0;
  for (const [i, code] of valid.entries()) {
    const replay = await scan(code);
    if (admitted(replay)) replaysAdmitted++;
    expectRefusal('replay with a new nonce', replay, { status: 200, result: 'already_used' });
    const retry = await scan(code, nonces[i], secret, phoneOf(i));
    const before = first[i]!.body as ScanOutcome;
    const now = retry.body as ScanOutcome;
    if (retry.status !== first[i]!.status || now.result !== before.result || now.checkedInAt !== before.checkedInAt) {
      sameNonceDifferent++;
      log(
        `scan: retry with the same nonce answered ${retry.status} ${now.result} ${now.checkedInAt}, first ${before.result} ${before.checkedInAt}`,
      );
    }
    const elsewhere = await scan(code, nonces[i], secret, phoneOf(i + 1));
    if (admitted(elsewhere)) replaysAdmitted++;
    expectRefusal('the same nonce from another phone', elsewhere, { status: 200, result: 'invalid' });
  }
  const opened = okBody<{ counts: { checkedIn: number } }>(
    await phones[0]!.browser.call('POST', '/api/scan/open', {
      body: { secret, deviceId: phones[0]!.deviceId, locale: 'en' },
    }),
    'reopen the scanner',
  );
  for (const line of wrongReasons.slice(0, 10)) log(`scan: wrong reason: ${line}`);
  log(`scan: ${scanCount} scans; checked in at the end ${opened.counts.checkedIn}`);

  return [
    mustEqual(
      SECTION,
      'scan: valid tickets admitted on their first scan',
      first.length - falseRejections,
      valid.length,
    ),
    mustBeZero(SECTION, 'scan: false rejections of valid tickets', falseRejections),
    mustBeZero(SECTION, 'scan: replays admitted (new nonce, or the same nonce from another phone)', replaysAdmitted),
    mustBeZero(
      SECTION,
      "scan: a phone's retries with the same nonce answered differently from the first time",
      sameNonceDifferent,
    ),
    mustEqual(
      SECTION,
      'scan: tickets checked in at the end (no second admissions)',
      opened.counts.checkedIn,
      valid.length,
    ),
    mustBeZero(SECTION, `scan: forged codes admitted (${forged.length} kinds)`, forgedAdmitted),
    mustBeZero(SECTION, `scan: random strings admitted (of ${strings.length.toLocaleString('en-US')})`, randomAdmitted),
    mustBeZero(SECTION, 'scan: tickets of a refunded order admitted', revokedAdmitted),
    mustBeZero(SECTION, "scan: another organisation's tickets admitted", foreignAdmitted),
    mustBeZero(SECTION, 'scan: valid tickets admitted through a revoked scan link', admittedThroughRevokedLink),
    mustBeZero(
      SECTION,
      'scan: refusals with a reason other than the expected one',
      wrongReasons.length,
      wrongReasons.slice(0, 3).join('; ') || undefined,
    ),
    mustBeZero(SECTION, 'scan: scans answered 5xx', serverErrors),
  ];
}
