import { status } from '@grpc/grpc-js';
import { newId, randomToken } from '@kassa/platform/ids';
import { organisationSettingsSchema } from '@kassa/web/lib/organisation-rules';
import { errorToHttp } from '../../server/clients/grpc-errors';
import { HttpProblem, isHttpProblem, requireRouteId } from '../../server/http-problem';
import { organisationIdOfPath } from '../../server/organisations/last-organisation';
import { parseBody } from '../../server/request-body';
import { toInvitationDetails, toMemberRow, toOrganisationSummary } from '../../server/organisations/organisation-views';
import { isValidPage } from '../../server/site/page-validity';

// The Authorize answer each test wants, asked through the mocked client.
const authorize = jest.fn();
jest.mock('../../server/clients/organisation-client', () => ({ organisationClientAs: () => ({ authorize }) }));
// next/navigation's interrupts only make sense inside a render; here they throw what they are.
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
  forbidden: () => {
    throw new Error('NEXT_FORBIDDEN');
  },
}));

import { authorizeOrganisation, holds } from '../../server/organisations/organisation-access';

const USER = newId('usr');
const ORG = newId('org');

async function problemOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (thrown) {
    if (isHttpProblem(thrown)) return { status: thrown.status, message: thrown.body.message };
    throw thrown;
  }
  throw new Error('expected an HttpProblem');
}

describe('authorizeOrganisation (route handlers)', () => {
  beforeEach(() => authorize.mockReset());

  it('lets a member with the permission through and returns their permissions', async () => {
    authorize.mockResolvedValue({ allowed: true, member: true, permissions: ['members', 'checkin'] });
    await expect(authorizeOrganisation(USER, ORG, 'members')).resolves.toEqual(['members', 'checkin']);
    expect(authorize).toHaveBeenCalledWith({ userId: USER, organisationId: ORG, permission: 'members' });
  });

  it('answers 404 to a non-member, so that the organisation stays hidden', async () => {
    authorize.mockResolvedValue({ allowed: false, member: false, permissions: [] });
    expect(await problemOf(authorizeOrganisation(USER, ORG, ''))).toEqual({ status: 404, message: 'Not found' });
  });

  it('answers 403 to a member without the permission', async () => {
    authorize.mockResolvedValue({ allowed: false, member: true, permissions: ['checkin'] });
    expect(await problemOf(authorizeOrganisation(USER, ORG, 'members'))).toEqual({
      status: 403,
      message: 'You do not have permission to do this.',
    });
  });

  it('answers 404 for a malformed organisation id without asking identity', async () => {
    expect(await problemOf(authorizeOrganisation(USER, 'org_1', ''))).toEqual({ status: 404, message: 'Not found' });
    expect(authorize).not.toHaveBeenCalled();
  });

  it('reads membership alone as the empty permission', () => {
    expect(holds([], '')).toBe(true);
    expect(holds(['checkin'], 'members')).toBe(false);
  });
});

describe('route ids and bodies', () => {
  it("refuses a malformed id with 400 'ID is invalid'", () => {
    expect(requireRouteId('mem', newId('mem'))).toMatch(/^mem_/);
    for (const value of [undefined, 'mem_1', newId('inv'), newId('mem').toUpperCase()]) {
      expect(() => requireRouteId('mem', value)).toThrow(HttpProblem);
    }
    try {
      requireRouteId('org', 'nope');
    } catch (thrown) {
      expect(errorToHttp(thrown)).toEqual({ status: 400, body: { message: 'ID is invalid' }, headers: {} });
    }
  });

  it('answers a bad body with 400, the generic form message and a message per field', () => {
    expect(() => parseBody(organisationSettingsSchema(), { name: '' })).toThrow(HttpProblem);
    try {
      parseBody(organisationSettingsSchema(), { name: '', currency: 'EUR', defaultLocale: 'xx' });
    } catch (thrown) {
      expect(errorToHttp(thrown)).toEqual({
        status: 400,
        body: {
          message: 'Some fields are not valid. Please check the form and try again.',
          fields: { name: 'Name is required', defaultLocale: 'Language is invalid' },
        },
        headers: {},
      });
    }
    expect(
      parseBody(organisationSettingsSchema(), { name: 'Paradiso', currency: 'EUR', defaultLocale: 'en' }),
    ).toMatchObject({ name: 'Paradiso' });
  });

  it("passes a listed time zone on, leaves an absent one to identity and refuses others as 'Time zone is invalid'", () => {
    const settings = { name: 'Paradiso', currency: 'EUR', defaultLocale: 'en' };
    expect(parseBody(organisationSettingsSchema(), { ...settings, timeZone: 'America/New_York' })).toMatchObject({
      timeZone: 'America/New_York',
    });
    expect(parseBody(organisationSettingsSchema(), settings)).toMatchObject({ timeZone: '' });
    for (const timeZone of ['Mars/Base', 'europe/amsterdam', `Europe/${'x'.repeat(58)}`, 42, null]) {
      let answer: unknown;
      try {
        parseBody(organisationSettingsSchema(), { ...settings, timeZone });
      } catch (thrown) {
        answer = errorToHttp(thrown);
      }
      expect(answer).toMatchObject({ status: 400, body: { fields: { timeZone: 'Time zone is invalid' } } });
    }
  });

  it('still maps gRPC failures as before', () => {
    const failure = Object.assign(new Error('x'), {
      name: 'GrpcCallError',
      code: status.FAILED_PRECONDITION,
      details: 'An organisation needs an owner',
      violations: [],
    });
    expect(errorToHttp(failure)).toMatchObject({ status: 409, body: { message: 'An organisation needs an owner' } });
  });
});

describe('organisation pages and cookies', () => {
  it('lets /o/new and well-formed invitation links through the page-validity check', () => {
    expect(isValidPage('/o/new')).toBe(true);
    expect(isValidPage('/o/newer')).toBe(false);
    expect(isValidPage(`/account/invitations/${randomToken()}`)).toBe(true);
    expect(isValidPage('/account/invitations/short')).toBe(false);
  });

  it('remembers only well-formed organisation ids from dashboard paths', () => {
    expect(organisationIdOfPath(`/o/${ORG}`)).toBe(ORG);
    expect(organisationIdOfPath(`/o/${ORG}/settings/members`)).toBe(ORG);
    expect(organisationIdOfPath('/o/new')).toBeUndefined();
    expect(organisationIdOfPath(`/account/${ORG}`)).toBeUndefined();
  });
});

describe('what the browser sees', () => {
  const joinedAt = new Date('2025-03-01T10:00:00Z');

  it('flattens an organisation with the viewer’s permissions', () => {
    const organisation = {
      id: ORG,
      name: 'Paradiso',
      description: '',
      currency: 'EUR',
      defaultLocale: 'nl',
      createdAt: joinedAt,
      version: 3,
      timeZone: 'Europe/Amsterdam',
    };
    expect(toOrganisationSummary({ organisation, permissions: ['owner'], memberId: 'mem_1' })).toEqual({
      id: ORG,
      name: 'Paradiso',
      description: '',
      currency: 'EUR',
      defaultLocale: 'nl',
      timeZone: 'Europe/Amsterdam',
      permissions: ['owner'],
      memberId: 'mem_1',
    });
    expect(() => toOrganisationSummary(undefined)).toThrow();
  });

  it('gives timestamps as ISO strings', () => {
    const member = {
      id: 'mem_1',
      userId: USER,
      firstName: 'Ada',
      lastName: 'L',
      email: 'a@example.com',
      permissions: ['checkin'],
      preset: 'scanner',
      joinedAt,
    };
    expect(toMemberRow(member).joinedAt).toBe('2025-03-01T10:00:00.000Z');
    const invitation = {
      id: 'inv_1',
      email: 'b@example.com',
      firstName: '',
      lastName: '',
      permissions: ['checkin'],
      preset: 'scanner',
      status: 'pending',
      sentAt: joinedAt,
      expiresAt: joinedAt,
    };
    expect(
      toInvitationDetails({ invitation, organisationId: ORG, organisationName: 'Paradiso', invitedBy: 'Ada L' }),
    ).toEqual({
      organisationId: ORG,
      organisationName: 'Paradiso',
      invitedBy: 'Ada L',
      email: 'b@example.com',
      permissions: ['checkin'],
      preset: 'scanner',
      expiresAt: '2025-03-01T10:00:00.000Z',
    });
  });
});
