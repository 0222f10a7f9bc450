import fc from 'fast-check';
import { decideScan, isFullyCheckedIn, SCAN_RESULTS, type ScannedTicket } from '../../src/domain/scan-decision';

const ORG = 'org_01jz0000000000000000000001';
const OTHER_ORG = 'org_01jz0000000000000000000002';
const EVENT = 'evt_01jz0000000000000000000001';
const OTHER_EVENT = 'evt_01jz0000000000000000000002';
const AT = { organisationId: ORG, eventId: EVENT };
const EARLIER = new Date('2026-12-24T19:02:03Z');

const ticket = (overrides: Partial<ScannedTicket> = {}): ScannedTicket => ({
  organisationId: ORG,
  status: 'created',
  access: [{ eventId: EVENT, checkedInAt: null, checkedInDevice: null }],
  ...overrides,
});

describe('a scan', () => {
  it('admits a valid ticket granting the event that is not checked in yet', () => {
    expect(decideScan(ticket(), AT)).toEqual({ result: 'valid' });
  });

  it('admits a ticket that is "used" at another event but still open here', () => {
    const passes = ticket({
      status: 'used',
      access: [
        { eventId: OTHER_EVENT, checkedInAt: EARLIER, checkedInDevice: 'Side door' },
        { eventId: EVENT, checkedInAt: null, checkedInDevice: null },
      ],
    });
    expect(decideScan(passes, AT)).toEqual({ result: 'valid' });
  });

  it('refuses a ticket checked in here, saying when and at which device', () => {
    const used = ticket({
      status: 'used',
      access: [{ eventId: EVENT, checkedInAt: EARLIER, checkedInDevice: 'Main entrance' }],
    });
    expect(decideScan(used, AT)).toEqual({ result: 'already_used', checkedInAt: EARLIER, device: 'Main entrance' });
  });

  it('refuses a canceled ticket as canceled, also when it was checked in or grants another event', () => {
    expect(decideScan(ticket({ status: 'canceled' }), AT)).toEqual({ result: 'canceled' });
    expect(
      decideScan(
        ticket({ status: 'canceled', access: [{ eventId: EVENT, checkedInAt: EARLIER, checkedInDevice: 'x' }] }),
        AT,
      ),
    ).toEqual({ result: 'canceled' });
    expect(
      decideScan(
        ticket({ status: 'canceled', access: [{ eventId: OTHER_EVENT, checkedInAt: null, checkedInDevice: null }] }),
        AT,
      ),
    ).toEqual({ result: 'canceled' });
  });

  it('refuses a ticket whose order is not paid as unpaid', () => {
    expect(decideScan(ticket({ status: 'reserved' }), AT)).toEqual({ result: 'unpaid' });
  });

  it('refuses a valid ticket that does not grant this event as wrong_event', () => {
    expect(
      decideScan(ticket({ access: [{ eventId: OTHER_EVENT, checkedInAt: null, checkedInDevice: null }] }), AT),
    ).toEqual({ result: 'wrong_event' });
  });

  it("refuses an unknown, forged or re-issued code, and another organisation's ticket, alike as invalid", () => {
    expect(decideScan(null, AT)).toEqual({ result: 'invalid' });
    expect(decideScan(ticket({ organisationId: OTHER_ORG }), AT)).toEqual({ result: 'invalid' });
    // Another organisation's ticket is invalid even when canceled or used: its state is none of this door's business.
    expect(decideScan(ticket({ organisationId: OTHER_ORG, status: 'canceled' }), AT)).toEqual({ result: 'invalid' });
  });

  it('refuses a status it does not know rather than admitting on it', () => {
    expect(decideScan(ticket({ status: 'refunded' }), AT)).toEqual({ result: 'invalid' });
  });
});

describe('decideScan, for any ticket', () => {
  const date = fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true });
  const access = fc.record({
    eventId: fc.constantFrom(EVENT, OTHER_EVENT, 'evt_01jz0000000000000000000003'),
    checkedInAt: fc.option(date, { nil: null }),
    checkedInDevice: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
  });
  const anyTicket = fc.record({
    organisationId: fc.constantFrom(ORG, OTHER_ORG),
    status: fc.constantFrom('reserved', 'created', 'used', 'canceled'),
    access: fc.uniqueArray(access, { selector: (entry) => entry.eventId, maxLength: 3 }),
  });

  it("answers one of the spec's results", () => {
    fc.assert(
      fc.property(fc.option(anyTicket, { nil: null }), (t) =>
        (SCAN_RESULTS as readonly string[]).includes(decideScan(t, AT).result),
      ),
    );
  });

  it('admits only a paid ticket of this organisation that grants this event and is not checked in here', () => {
    fc.assert(
      fc.property(anyTicket, (t) => {
        const here = t.access.find((entry) => entry.eventId === EVENT);
        const admissible =
          t.organisationId === ORG &&
          (t.status === 'created' || t.status === 'used') &&
          here !== undefined &&
          here.checkedInAt === null;
        return (decideScan(t, AT).result === 'valid') === admissible;
      }),
    );
  });

  it('reports the first admission exactly as stored when it refuses a used ticket', () => {
    fc.assert(
      fc.property(anyTicket, (t) => {
        const decision = decideScan(t, AT);
        if (decision.result !== 'already_used') return true;
        const here = t.access.find((entry) => entry.eventId === EVENT)!;
        return decision.checkedInAt === here.checkedInAt && decision.device === (here.checkedInDevice ?? '');
      }),
    );
  });

  it('after a check-in here, the same ticket is never admitted again', () => {
    fc.assert(
      fc.property(anyTicket, date, (t, now) => {
        if (decideScan(t, AT).result !== 'valid') return true;
        const after = {
          ...t,
          access: t.access.map((entry) =>
            entry.eventId === EVENT ? { ...entry, checkedInAt: now, checkedInDevice: 'Door' } : entry,
          ),
        };
        return decideScan(after, AT).result === 'already_used';
      }),
    );
  });
});

describe('a ticket is fully checked in', () => {
  it('when every event it grants has a check-in', () => {
    expect(isFullyCheckedIn([{ checkedInAt: EARLIER }, { checkedInAt: EARLIER }])).toBe(true);
    expect(isFullyCheckedIn([{ checkedInAt: EARLIER }, { checkedInAt: null }])).toBe(false);
  });
  it('never when it grants nothing', () => {
    expect(isFullyCheckedIn([])).toBe(false);
  });
});
