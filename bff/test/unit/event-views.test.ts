import { toEventFields, toEventView, toHistoryEntryView } from '../../server/events/event-views';

const event = {
  id: 'evt_01jc5v3q8x0000000000000000',
  organisationId: 'org_01jc5v3q8x0000000000000000',
  name: 'Summer Fest',
  description: '',
  startsAt: new Date('2027-07-01T16:00:00Z'),
  endsAt: new Date('2027-07-01T21:30:00Z'),
  status: 'draft',
  ticketLimit: undefined,
  translations: [{ locale: 'nl', name: 'Zomerfeest', description: '' }],
  location: undefined,
  version: 1,
  createdAt: new Date('2027-01-01T00:00:00Z'),
  deletedAt: undefined,
  removalAt: undefined,
  ticketOptionCount: 0,
  timeZone: 'America/New_York',
};

describe('catalog answers as the screens read them', () => {
  it('gives dates as ISO strings, unlimited as null and an empty location when none is set', () => {
    expect(toEventView(event)).toEqual({
      id: event.id,
      organisationId: event.organisationId,
      name: 'Summer Fest',
      description: '',
      startsAt: '2027-07-01T16:00:00.000Z',
      endsAt: '2027-07-01T21:30:00.000Z',
      status: 'draft',
      ticketLimit: null,
      translations: [{ locale: 'nl', name: 'Zomerfeest', description: '' }],
      location: { address: '', city: '', postalCode: '', country: '' },
      timeZone: 'America/New_York',
      ticketOptionCount: 0,
    });
    expect(
      toEventView({ ...event, ticketLimit: 10, status: 'deleted', removalAt: new Date('2027-01-15T00:00:00Z') }),
    ).toMatchObject({
      ticketLimit: 10,
      removalAt: '2027-01-15T00:00:00.000Z',
    });
  });

  it('sends unlimited as an unset limit', () => {
    const fields = toEventFields({ ...toEventView(event), ticketLimit: null });
    expect(fields.ticketLimit).toBeUndefined();
    expect(fields.startsAt).toEqual(event.startsAt);
  });

  it('names who made a change: a member, a former member, or the system', () => {
    const names = new Map([['usr_01jc5v3q8x0000000000000000', 'Jane Organiser']]);
    const entry = {
      id: 'his_1',
      entityId: event.id,
      action: 'updated',
      propertiesJson: '{}',
      actorUserId: '',
      occurredAt: new Date('2027-01-01T00:00:00Z'),
    };
    expect(toHistoryEntryView(entry, names).actor).toEqual({ kind: 'system' });
    expect(toHistoryEntryView({ ...entry, actorUserId: 'usr_01jc5v3q8x0000000000000000' }, names).actor).toEqual({
      kind: 'member',
      name: 'Jane Organiser',
    });
    expect(toHistoryEntryView({ ...entry, actorUserId: 'usr_01jc5v3q8x0000000000000001' }, names).actor).toEqual({
      kind: 'former',
    });
  });
});
