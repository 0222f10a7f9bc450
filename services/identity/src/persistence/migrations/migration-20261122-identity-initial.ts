import { Migration } from '@mikro-orm/migrations';

export class Migration20261122IdentityInitial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        id text primary key,
        email text not null unique,
        display_name text not null default '',
        locale text not null default 'en',
        created_at timestamptz not null default now()
      );
      create table sign_in_challenges (
        id text primary key,
        email text not null,
        code_hash text not null,
        purpose text not null,
        locale text not null,
        display_name text not null default '',
        client_ip text not null default '',
        failed_tries integer not null default 0 check (failed_tries >= 0),
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        consumed_at timestamptz
      );
      -- The daily failure budget sums tries per address over the last day.
      create index sign_in_challenges_email_created_idx on sign_in_challenges (email, created_at);
      create index sign_in_challenges_expires_idx on sign_in_challenges (expires_at);
      create table sessions (
        id text primary key,
        user_id text not null references users (id) on delete cascade,
        token_hash text not null unique,
        client_ip text not null default '',
        user_agent text not null default '',
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        revoked_at timestamptz
      );
      create index sessions_user_idx on sessions (user_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists sessions; drop table if exists sign_in_challenges; drop table if exists users;');
  }
}
