// `npm run seed -w @kassa/identity`: the demo data, created once (idempotent); signing in still needs the e-mailed code.
// The demo organiser owns "Kassa Demo Events" (fixed id, see demo-data.ts), a box-office colleague is a member, and one
// scanner invitation is pending (e-mailed to the dev inbox when KASSA_SEALING_KEY is set, as `npm run up` does).
import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '@kassa/platform/config';
import { parseKey, sha256Hex } from '@kassa/platform/crypto';
import { newId, randomToken } from '@kassa/platform/ids';
import { createLogger } from '@kassa/platform/logging';
import { createOrm } from '@kassa/platform/persistence';
import { findOrCreateUser } from '../application/sign-in-session';
import { invitationExpiry } from '../domain/invitation-policy';
import { nameFromDisplayName } from '../domain/organisation-rules';
import { PRESETS, type Permission } from '@kassa/contracts/permissions';
import { publishMemberChanged } from '../events/member-changed.publisher';
import { publishMemberInvited } from '../events/member-invited.publisher';
import { publishOrganisationChanged } from '../events/organisation-changed.publisher';
import { DEMO_BOX_OFFICE_USER, DEMO_INVITEE_EMAIL, DEMO_ORGANISATION, DEMO_USER } from './demo-data';
import { InvitationEntity } from './invitation.entity';
import { MemberEntity } from './member.entity';
import { OrganisationEntity } from './organisation.entity';
import type { User } from './user.entity';
import { identityEntities } from './schema';
import { localDefaults } from '@kassa/platform/topology';

export { DEMO_USER, DEMO_ORGANISATION_ID } from './demo-data';

async function seed(): Promise<void> {
  const config = loadConfig('identity', localDefaults('identity'), { KASSA_SEALING_KEY: z.string().optional() });
  const logger = createLogger({ service: 'identity-seed', level: config.logLevel });
  const sealingKey = config.KASSA_SEALING_KEY ? parseKey(config.KASSA_SEALING_KEY) : null;
  const orm = await createOrm({ databaseUrl: config.databaseUrl, entities: identityEntities, logger });
  try {
    await orm.em.fork().transactional(async (em) => {
      const now = new Date();
      const { user: organiser } = await findOrCreateUser(em, now, DEMO_USER);
      const { user: boxOffice } = await findOrCreateUser(em, now, DEMO_BOX_OFFICE_USER);

      let organisation = await em.findOne(OrganisationEntity, { id: DEMO_ORGANISATION.id });
      if (!organisation) {
        organisation = em.create(OrganisationEntity, {
          ...DEMO_ORGANISATION,
          version: 1,
          createdAt: now,
          updatedAt: now,
        });
        publishOrganisationChanged(em, 'created', organisation, organiser.id, now);
        await em.flush();
      }
      await ensureMember(em, organiser, PRESETS.owner, organiser.id, now);
      await ensureMember(em, boxOffice, PRESETS.box_office, organiser.id, now);

      if (!(await em.findOne(InvitationEntity, { organisationId: DEMO_ORGANISATION.id, email: DEMO_INVITEE_EMAIL }))) {
        const token = randomToken(32);
        const invitation = em.create(InvitationEntity, {
          id: newId('inv'),
          organisationId: DEMO_ORGANISATION.id,
          email: DEMO_INVITEE_EMAIL,
          firstName: 'Sky',
          lastName: 'Scanner',
          permissions: [...PRESETS.scanner],
          locale: 'en',
          tokenHash: sha256Hex(token),
          status: 'pending',
          invitedByUserId: organiser.id,
          invitedByName: organiser.displayName,
          sentAt: now,
          expiresAt: invitationExpiry(now),
          acceptedMemberId: null,
          createdAt: now,
          updatedAt: now,
        });
        if (sealingKey) publishMemberInvited(em, sealingKey, invitation, organisation.name, token);
      }
    });
    logger.info({ demoOrganisationId: DEMO_ORGANISATION.id }, 'demo data in place');
  } finally {
    await orm.close();
  }
}

async function ensureMember(
  em: EntityManager,
  user: User,
  permissions: readonly Permission[],
  actorUserId: string,
  now: Date,
): Promise<void> {
  if (await em.findOne(MemberEntity, { organisationId: DEMO_ORGANISATION.id, userId: user.id })) return;
  const member = em.create(MemberEntity, {
    id: newId('mem'),
    organisationId: DEMO_ORGANISATION.id,
    userId: user.id,
    ...nameFromDisplayName(user.displayName),
    permissions: [...permissions],
    joinedAt: now,
    updatedAt: now,
  });
  publishMemberChanged(em, 'joined', member, actorUserId, now);
}

seed().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
