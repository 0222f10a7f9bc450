import { Migration } from '@mikro-orm/migrations';

export class Migration20261215IdentityOrganisations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table organisations (
        id text primary key,
        name text not null,
        description text not null default '',
        currency text not null default 'EUR',
        default_locale text not null default 'en',
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table members (
        id text primary key,
        organisation_id text not null references organisations (id) on delete cascade,
        user_id text not null references users (id) on delete cascade,
        first_name text not null default '',
        last_name text not null default '',
        permissions text[] not null,
        joined_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint members_organisation_user_key unique (organisation_id, user_id)
      );
      -- "My organisations" and Authorize look members up by user.
      create index members_user_idx on members (user_id);
      create table invitations (
        id text primary key,
        organisation_id text not null references organisations (id) on delete cascade,
        email text not null,
        first_name text not null default '',
        last_name text not null default '',
        permissions text[] not null,
        locale text not null default 'en',
        token_hash text not null unique,
        status text not null check (status in ('pending', 'accepted', 'revoked')),
        invited_by_user_id text not null,
        invited_by_name text not null default '',
        sent_at timestamptz not null,
        expires_at timestamptz not null,
        accepted_member_id text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      -- One pending invitation per address and organisation: inviting again updates it.
      create unique index invitations_pending_email_key on invitations (organisation_id, email) where status = 'pending';
      -- Remembers removed memberships so that repeating a RemoveMember answers the same instead of NOT_FOUND.
      create table member_removals (
        member_id text primary key,
        organisation_id text not null references organisations (id) on delete cascade,
        user_id text not null,
        removed_by_user_id text not null,
        removed_at timestamptz not null default now()
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists member_removals; drop table if exists invitations; drop table if exists members; drop table if exists organisations;',
    );
  }
}
