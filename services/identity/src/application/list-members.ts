import type { EntityManager } from '@mikro-orm/postgresql';
import { Violations, messages } from '@kassa/platform/errors';
import type { ListMembersRequest, ListMembersResponse } from '@kassa/proto/identity/v1/organisations';
import { InvitationEntity } from '../persistence/invitation.entity';
import { MemberEntity } from '../persistence/member.entity';
import type { IdentityContext } from './identity-context';
import { type ActorRef, checkIds, requireActor, requireMembership } from './organisation-access';
import { toInvitationMessage, toMemberMessages } from './organisation-view';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;

/**
 * Members by last name, first name (paged) and the pending invitations (not paged: an organisation has few), both
 * filtered by a case-insensitive search over names and e-mail. Any member may list.
 */
export async function listMembers(
  ctx: IdentityContext,
  request: ListMembersRequest,
  actor: ActorRef,
): Promise<ListMembersResponse> {
  const userId = requireActor(actor);
  checkIds({ organisation_id: [request.organisationId, 'org'] });
  const pageSize = Math.min(Math.max(request.page?.pageSize || DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const offset = decodePageToken(request.page?.pageToken ?? '');
  const em = ctx.orm.em.fork();
  await requireMembership(em, request.organisationId, userId);

  const pattern = `%${escapeLike((request.query ?? '').trim().toLowerCase())}%`;
  const { ids, total } = await matchingMemberIds(em, request.organisationId, pattern, pageSize, offset);
  const members = await em.find(MemberEntity, { id: { $in: ids } });
  members.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const invitations = await em.find(
    InvitationEntity,
    {
      organisationId: request.organisationId,
      status: 'pending',
      $or: [{ email: { $ilike: pattern } }, { firstName: { $ilike: pattern } }, { lastName: { $ilike: pattern } }],
    },
    { orderBy: { sentAt: 'desc', id: 'desc' } },
  );
  const next = offset + ids.length;
  return {
    members: await toMemberMessages(em, members),
    invitations: invitations.map(toInvitationMessage),
    page: { nextPageToken: next < total ? encodePageToken(next) : '', totalSize: total },
  };
}

async function matchingMemberIds(
  em: EntityManager,
  organisationId: string,
  pattern: string,
  limit: number,
  offset: number,
) {
  // The address lives with the user, so the search joins users; names match alone or as "first last".
  const where = `from members m join users u on u.id = m.user_id
    where m.organisation_id = ? and (m.first_name ilike ? or m.last_name ilike ? or u.email ilike ? or (m.first_name || ' ' || m.last_name) ilike ?)`;
  const params = [organisationId, pattern, pattern, pattern, pattern];
  const rows = await em.execute<{ id: string }[]>(
    `select m.id ${where} order by lower(m.last_name), lower(m.first_name), m.id limit ? offset ?`,
    [...params, limit, offset],
  );
  const [count] = await em.execute<{ total: number }[]>(`select count(*)::int as total ${where}`, params);
  return { ids: rows.map((row) => row.id), total: count?.total ?? 0 };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

// An offset, opaque to callers; a member list is short enough that keyset paging would buy nothing.
function encodePageToken(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodePageToken(token: string): number {
  if (token === '') return 0;
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match) new Violations().add('page.page_token', messages.invalid('Page token')).throwIfAny();
  return Number(match![1]);
}
