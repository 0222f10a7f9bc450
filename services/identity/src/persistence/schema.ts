import { platformEntities, platformMigrations } from '@kassa/platform/persistence';
import { Migration20261122IdentityInitial } from './migrations/migration-20261122-identity-initial';
import { Migration20261201IdentitySocialSignIn } from './migrations/migration-20261201-identity-social-sign-in';
import { Migration20261215IdentityOrganisations } from './migrations/migration-20261215-identity-organisations';
import { Migration20270701IdentityTimeZone } from './migrations/migration-20270701-identity-time-zone';
import { InvitationEntity } from './invitation.entity';
import { MemberEntity } from './member.entity';
import { MemberRemovalEntity } from './member-removal.entity';
import { OidcLoginStateEntity } from './oidc-login-state.entity';
import { OrganisationEntity } from './organisation.entity';
import { SessionEntity } from './session.entity';
import { SignInChallengeEntity } from './sign-in-challenge.entity';
import { UserEntity } from './user.entity';
import { UserIdentityEntity } from './user-identity.entity';

export const identityEntities = [
  ...platformEntities,
  UserEntity,
  SignInChallengeEntity,
  SessionEntity,
  OidcLoginStateEntity,
  UserIdentityEntity,
  OrganisationEntity,
  MemberEntity,
  MemberRemovalEntity,
  InvitationEntity,
];

/** Every migration, in order; listed explicitly so that a bundled image carries them. */
export const identityMigrations = [
  ...platformMigrations,
  { name: 'Migration20261122IdentityInitial', class: Migration20261122IdentityInitial },
  { name: 'Migration20261201IdentitySocialSignIn', class: Migration20261201IdentitySocialSignIn },
  { name: 'Migration20261215IdentityOrganisations', class: Migration20261215IdentityOrganisations },
  { name: 'Migration20270701IdentityTimeZone', class: Migration20270701IdentityTimeZone },
];
