import { Migration } from '@mikro-orm/migrations';

export class Migration20261201IdentitySocialSignIn extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table oidc_login_states (
        id text primary key,
        provider text not null,
        sealed_code_verifier text not null,
        nonce text not null,
        redirect_uri text not null,
        locale text not null default 'en',
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        consumed_at timestamptz
      );
      create index oidc_login_states_expires_idx on oidc_login_states (expires_at);
      create table user_identities (
        id text primary key,
        provider text not null,
        subject text not null,
        user_id text not null references users (id) on delete cascade,
        created_at timestamptz not null default now(),
        last_sign_in_at timestamptz not null default now(),
        constraint user_identities_provider_subject_key unique (provider, subject)
      );
      create index user_identities_user_idx on user_identities (user_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists user_identities; drop table if exists oidc_login_states;');
  }
}
