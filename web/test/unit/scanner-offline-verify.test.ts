// Deciding at the door without the network, with real Ed25519 keys made here: genuine codes are admitted once,
// forged or foreign ones are invalid, and the reasons come in ticketing's order.
import { createEd25519Verifier, webCryptoVerify } from '../../src/features/scanner/ed25519';
import { type LocalCheckIn, verifyOffline } from '../../src/features/scanner/offline-verify';
import { makeCode, makeKey, makeKit, offlineTicket } from '../support/ticket-codes';

const EVENT = 'evt_01jzq8y6c3m0v2k4r5t6w7x8za';
const OTHER_EVENT = 'evt_01jzq8y6c3m0v2k4r5t6w7x8zb';
const id = (n: number) => `tkt_01jzq8y6c3m0v2k4r5t6w7x8${String(n).padStart(2, '0')}`;

const key = makeKey();
const oldKey = makeKey();
const stranger = makeKey(key.keyId); // same key id, another organisation's private key
const verify = createEd25519Verifier();
const none = new Map<string, LocalCheckIn>();

const kit = makeKit(
  EVENT,
  [key, oldKey],
  [
    offlineTicket({ id: id(1), reference: 'K7QF-2MXA', itemName: 'Saturday' }),
    offlineTicket({ id: id(2), reference: 'P3RT-8WZB', status: 'canceled' }),
    offlineTicket({ id: id(3), reference: 'H9JK-4NQC', status: 'reserved' }),
    offlineTicket({
      id: id(4),
      reference: 'M2VX-7GHD',
      status: 'used',
      checkedInAt: '2031-07-01T19:02:00.000Z',
      checkedInByDevice: 'Main entrance',
    }),
    offlineTicket({ id: id(5), reference: 'T6YB-3CFE' }),
  ],
  [id(2), id(6)],
);

describe('verifyOffline with signed codes', () => {
  it('admits a genuine code for a valid ticket of this event, with what the door may see of it', async () => {
    expect(await verifyOffline(makeCode(key, id(1), [OTHER_EVENT, EVENT]), kit, none, verify)).toEqual({
      result: 'valid',
      ticketId: id(1),
      ticket: { reference: 'K7QF-2MXA', itemName: 'Saturday', status: 'created' },
      checkedInAt: '',
      checkedInByDevice: '',
    });
  });

  it('admits the genuine code of a pass for many events, longer than the 1,000 characters the browser used to stop at', async () => {
    const events = [
      ...Array.from({ length: 29 }, (_, n) => `evt_01jzq8y6c3m0v2k4r5t6w7y${String(n).padStart(3, '0')}`),
      EVENT,
    ];
    const code = makeCode(key, id(1), events);
    expect(code.length).toBeGreaterThan(1000);
    expect((await verifyOffline(code, kit, none, verify)).result).toBe('valid');
  });

  it('admits a code signed with an older key the kit still holds', async () => {
    expect((await verifyOffline(makeCode(oldKey, id(5), [EVENT]), kit, none, verify)).result).toBe('valid');
  });

  it('admits a genuine code for a ticket sold after the kit was made (the signature proves it was issued)', async () => {
    const decision = await verifyOffline(makeCode(key, id(9), [EVENT]), kit, none, verify);
    expect(decision).toMatchObject({ result: 'valid', ticketId: id(9), ticket: null });
  });

  it('refuses a revoked ticket as canceled, even when the kit does not list it', async () => {
    expect((await verifyOffline(makeCode(key, id(2), [EVENT]), kit, none, verify)).result).toBe('canceled');
    expect((await verifyOffline(makeCode(key, id(6), [EVENT]), kit, none, verify)).result).toBe('canceled');
  });

  it('refuses an unpaid ticket, then one for another event, in that order', async () => {
    expect((await verifyOffline(makeCode(key, id(3), [EVENT]), kit, none, verify)).result).toBe('unpaid');
    expect((await verifyOffline(makeCode(key, id(3), [OTHER_EVENT]), kit, none, verify)).result).toBe('unpaid');
    expect((await verifyOffline(makeCode(key, id(1), [OTHER_EVENT]), kit, none, verify)).result).toBe('wrong_event');
    // Canceled goes before wrong event: that is what the door must know.
    expect((await verifyOffline(makeCode(key, id(2), [OTHER_EVENT]), kit, none, verify)).result).toBe('canceled');
  });

  it('says already used, with when and where, for a ticket the kit shows checked in', async () => {
    expect(await verifyOffline(makeCode(key, id(4), [EVENT]), kit, none, verify)).toMatchObject({
      result: 'already_used',
      checkedInAt: '2031-07-01T19:02:00.000Z',
      checkedInByDevice: 'Main entrance',
    });
  });

  it('says already used for a ticket this device admitted offline', async () => {
    const local = new Map([[id(1), { ticketId: id(1), checkedInAt: '2031-07-01T20:00:00.000Z', device: 'Side door' }]]);
    expect(await verifyOffline(makeCode(key, id(1), [EVENT]), kit, local, verify)).toMatchObject({
      result: 'already_used',
      checkedInAt: '2031-07-01T20:00:00.000Z',
      checkedInByDevice: 'Side door',
    });
  });

  it('calls a code invalid when its signature is forged, its payload altered, or its key unknown', async () => {
    const forged = makeCode(stranger, id(1), [EVENT]);
    expect((await verifyOffline(forged, kit, none, verify)).result).toBe('invalid');

    const genuine = makeCode(key, id(1), [EVENT]);
    const [format, keyId, , signature] = genuine.split('.');
    const altered = Buffer.from(JSON.stringify({ t: id(5), e: [EVENT], s: 'AAAAAAAAAAAA' })).toString('base64url');
    expect((await verifyOffline(`${format}.${keyId}.${altered}.${signature}`, kit, none, verify)).result).toBe(
      'invalid',
    );

    const unknownKey = makeKey();
    expect((await verifyOffline(makeCode(unknownKey, id(1), [EVENT]), kit, none, verify)).result).toBe('invalid');
  });

  it('calls garbage invalid and never throws', async () => {
    for (const garbage of ['', 'hello', 'KT1.', 'KT1.key_x.e30.AA', 'https://kassa.example/ticket/tkt_1']) {
      expect((await verifyOffline(garbage, kit, none, verify)).result).toBe('invalid');
    }
  });

  it('treats a verifier that fails as a signature that does not verify', async () => {
    const broken = async () => {
      throw new Error('no crypto here');
    };
    expect((await verifyOffline(makeCode(key, id(1), [EVENT]), kit, none, broken)).result).toBe('invalid');
  });
});

describe('verifyOffline with references typed in', () => {
  it('finds the ticket in the kit whatever the case and dash', async () => {
    expect(await verifyOffline('k7qf2mxa', kit, none, verify)).toMatchObject({ result: 'valid', ticketId: id(1) });
  });

  it('gives the same reasons as for codes', async () => {
    expect((await verifyOffline('P3RT-8WZB', kit, none, verify)).result).toBe('canceled');
    expect((await verifyOffline('H9JK-4NQC', kit, none, verify)).result).toBe('unpaid');
    expect((await verifyOffline('M2VX-7GHD', kit, none, verify)).result).toBe('already_used');
  });

  it('calls a reference the kit does not know invalid, and one with characters ticketing never issues (0, 1, I, L, O)', async () => {
    expect((await verifyOffline('ZZZZ-ZZZZ', kit, none, verify)).result).toBe('invalid');
    const confusable = makeKit(EVENT, [key], [offlineTicket({ id: id(7), reference: 'K0QF-2MXA' })]);
    expect((await verifyOffline('K0QF-2MXA', confusable, none, verify)).result).toBe('invalid');
  });
});

describe('the Ed25519 verifiers', () => {
  it('WebCrypto accepts the genuine signature and refuses a flipped bit', async () => {
    const code = makeCode(key, id(1), [EVENT]);
    const signed = new TextEncoder().encode(code.slice(0, code.lastIndexOf('.')));
    const signature = Buffer.from(code.slice(code.lastIndexOf('.') + 1), 'base64url');
    const publicKey = Buffer.from(key.publicKey, 'base64url');
    expect(await webCryptoVerify(signature, signed, publicKey)).toBe(true);
    signature[0]! ^= 1;
    expect(await webCryptoVerify(signature, signed, publicKey)).toBe(false);
  });

  it('answers false, not an error, for a malformed public key', async () => {
    expect(await verify(new Uint8Array(64), new Uint8Array(3), new Uint8Array(5))).toBe(false);
  });
});
