import fc from 'fast-check';
import {
  mergeOfflineScan,
  OFFLINE_OUTCOMES,
  offlineCheckInTime,
  outcomeOfAnsweredScan,
} from '../../src/domain/offline-merge';
import { decideScan, type ScannedTicket } from '../../src/domain/scan-decision';

const ORG = 'org_01jz0000000000000000000001';
const EVENT = 'evt_01jz0000000000000000000001';
const AT = { organisationId: ORG, eventId: EVENT };
const FIRST = new Date('2026-12-24T19:00:00Z');

const ticket = (overrides: Partial<ScannedTicket> = {}): ScannedTicket => ({
  organisationId: ORG,
  status: 'created',
  access: [{ eventId: EVENT, checkedInAt: null, checkedInDevice: null }],
  ...overrides,
});

describe('an offline check-in, uploaded', () => {
  it('is checked in when the ticket is still open here', () => {
    expect(mergeOfflineScan(decideScan(ticket(), AT))).toEqual({ action: 'check_in' });
  });

  it('is a conflict when the ticket was admitted here meanwhile, and the first admission is kept as it was', () => {
    const admitted = ticket({
      status: 'used',
      access: [{ eventId: EVENT, checkedInAt: FIRST, checkedInDevice: 'Main entrance' }],
    });
    expect(mergeOfflineScan(decideScan(admitted, AT))).toEqual({
      action: 'conflict',
      first: { checkedInAt: FIRST, device: 'Main entrance' },
    });
  });

  it('is rejected as online when the ticket is canceled, unpaid, for another event or unknown', () => {
    expect(mergeOfflineScan(decideScan(ticket({ status: 'canceled' }), AT))).toEqual({
      action: 'reject',
      outcome: 'canceled',
    });
    expect(mergeOfflineScan(decideScan(ticket({ status: 'reserved' }), AT))).toEqual({
      action: 'reject',
      outcome: 'unpaid',
    });
    expect(mergeOfflineScan(decideScan(ticket({ access: [] }), AT))).toEqual({
      action: 'reject',
      outcome: 'wrong_event',
    });
    expect(mergeOfflineScan(decideScan(null, AT))).toEqual({ action: 'reject', outcome: 'invalid' });
  });

  it('never drops a scan: every decision maps to an outcome the contract names', () => {
    const decision = fc.oneof(
      fc.constantFrom(
        { result: 'valid' as const },
        { result: 'canceled' as const },
        { result: 'unpaid' as const },
        { result: 'wrong_event' as const },
        { result: 'invalid' as const },
      ),
      fc.record({
        result: fc.constant('already_used' as const),
        checkedInAt: fc.date({ noInvalidDate: true }),
        device: fc.string(),
      }),
    );
    fc.assert(
      fc.property(decision, (d) => {
        const merge = mergeOfflineScan(d);
        const outcome =
          merge.action === 'check_in' ? 'admitted' : merge.action === 'conflict' ? 'conflict' : merge.outcome;
        return (
          (OFFLINE_OUTCOMES as readonly string[]).includes(outcome) &&
          (merge.action !== 'conflict' || d.result === 'already_used')
        );
      }),
    );
  });
});

describe('the time an offline check-in is recorded at', () => {
  const received = new Date('2026-12-24T21:00:00Z');
  it('is when the device admitted the ticket', () => {
    expect(offlineCheckInTime(FIRST, received)).toBe(FIRST);
  });
  it('is never in the future of its upload (a device clock running ahead)', () => {
    expect(offlineCheckInTime(new Date('2026-12-25T09:00:00Z'), received)).toBe(received);
  });
  it("is the upload's time when the device sent none or garbage", () => {
    expect(offlineCheckInTime(undefined, received)).toBe(received);
    expect(offlineCheckInTime(new Date(Number.NaN), received)).toBe(received);
  });
  it('is never after the upload, for any device time', () => {
    fc.assert(
      fc.property(fc.date(), (scanned) => offlineCheckInTime(scanned, received).getTime() <= received.getTime()),
    );
  });
});

describe('an offline check-in under the nonce of an online scan whose answer was lost', () => {
  it.each([
    ['valid', 'admitted'],
    ['already_used', 'conflict'],
    ['canceled', 'canceled'],
    ['unpaid', 'unpaid'],
    ['wrong_event', 'wrong_event'],
    ['invalid', 'invalid'],
    ['something new', 'invalid'],
  ])('online "%s" is "%s"', (online, offline) => {
    expect(outcomeOfAnsweredScan(online)).toBe(offline);
  });
});
