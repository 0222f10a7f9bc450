import { type AuthorizeClient, authorizationDecision, createOrganisationAuthorizer } from '../../src/authorization';
import { NotFoundError, PermissionDeniedError, UnauthenticatedError } from '../../src/errors';

const ORG = 'org_01jc0000000000000000000000';
const USER = 'usr_01jc0000000000000000000000';

function stubClient(answer: { allowed: boolean; member: boolean; permissions: string[] }) {
  const calls: unknown[][] = [];
  const client: AuthorizeClient = {
    authorize: async (...args: unknown[]) => {
      calls.push(args);
      return answer;
    },
  } as AuthorizeClient;
  return { client, calls };
}

describe('authorizationDecision', () => {
  it('answers NOT_FOUND to a non-member, whatever was asked', () => {
    expect(() => authorizationDecision({ allowed: false, member: false, permissions: [] }, '')).toThrow(NotFoundError);
    expect(() => authorizationDecision({ allowed: false, member: false, permissions: [] }, 'events')).toThrow(
      NotFoundError,
    );
  });

  it('lets any member through when only membership is asked', () => {
    expect(authorizationDecision({ allowed: true, member: true, permissions: ['checkin'] }, '')).toEqual(['checkin']);
  });

  it('answers PERMISSION_DENIED to a member without the permission', () => {
    expect(() => authorizationDecision({ allowed: false, member: true, permissions: ['checkin'] }, 'events')).toThrow(
      PermissionDeniedError,
    );
  });

  it('does not trust `allowed` alone for a named permission', () => {
    expect(() => authorizationDecision({ allowed: true, member: true, permissions: ['checkin'] }, 'events')).toThrow(
      PermissionDeniedError,
    );
  });

  it('returns the permissions of a member who holds the one asked for', () => {
    expect(authorizationDecision({ allowed: true, member: true, permissions: ['events', 'shops'] }, 'events')).toEqual([
      'events',
      'shops',
    ]);
  });
});

describe('createOrganisationAuthorizer', () => {
  it('refuses a call without an actor before asking identity', async () => {
    const { client, calls } = stubClient({ allowed: true, member: true, permissions: [] });
    await expect(createOrganisationAuthorizer(client).authorize({ actor: {} }, ORG, '')).rejects.toThrow(
      UnauthenticatedError,
    );
    expect(calls).toHaveLength(0);
  });

  it('asks Authorize for the actor, the organisation and the permission', async () => {
    const { client, calls } = stubClient({ allowed: true, member: true, permissions: ['events'] });
    await expect(
      createOrganisationAuthorizer(client).authorize({ actor: { userId: USER } }, ORG, 'events'),
    ).resolves.toEqual({
      userId: USER,
      permissions: ['events'],
    });
    expect(calls[0]?.[0]).toEqual({ userId: USER, organisationId: ORG, permission: 'events' });
  });

  it('maps the answer onto NOT_FOUND and PERMISSION_DENIED', async () => {
    await expect(
      createOrganisationAuthorizer(stubClient({ allowed: false, member: false, permissions: [] }).client).authorize(
        { actor: { userId: USER } },
        ORG,
        '',
      ),
    ).rejects.toThrow(NotFoundError);
    await expect(
      createOrganisationAuthorizer(stubClient({ allowed: false, member: true, permissions: [] }).client).authorize(
        { actor: { userId: USER } },
        ORG,
        'events',
      ),
    ).rejects.toThrow(PermissionDeniedError);
  });
});
