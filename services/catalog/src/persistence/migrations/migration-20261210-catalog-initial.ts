import { Migration } from '@mikro-orm/migrations';
import { EVENT_STATUSES } from '../../domain/event-status';

const statusList = EVENT_STATUSES.map((status) => `'${status}'`).join(', ');

/** Events, ticket options and the history of both. */
export class Migration20261210CatalogInitial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table event (
        id text primary key,
        organisation_id text not null,
        name text not null,
        description text not null default '',
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        status text not null check (status in (${statusList})),
        ticket_limit integer null check (ticket_limit >= 1),
        translations jsonb not null default '[]',
        address text not null default '',
        city text not null default '',
        postal_code text not null default '',
        country text not null default '',
        version integer not null,
        created_at timestamptz not null,
        deleted_at timestamptz null,
        removal_at timestamptz null,
        constraint event_ends_after_start check (ends_at > starts_at),
        constraint event_removal_only_when_deleted check ((status = 'deleted') = (removal_at is not null))
      );
      -- The organiser's list: newest start first within one organisation.
      create index event_organisation_starts_idx on event (organisation_id, starts_at desc);
      -- The sweepers' queries: live events due to end, deleted events due for removal.
      create index event_live_ends_idx on event (ends_at) where status = 'live';
      create index event_removal_idx on event (removal_at) where status = 'deleted';
      create table ticket_option (
        id text primary key,
        event_id text not null references event (id) on delete cascade,
        organisation_id text not null,
        name text not null,
        description text not null default '',
        capacity integer null check (capacity >= 0),
        translations jsonb not null default '[]',
        version integer not null,
        created_at timestamptz not null
      );
      create index ticket_option_event_idx on ticket_option (event_id, id);
      -- No foreign key to event: the history of a deleted ticket option outlives it (until its event is removed).
      create table history_entry (
        id text primary key,
        organisation_id text not null,
        entity_id text not null,
        event_id text not null,
        action text not null,
        properties jsonb not null,
        actor_user_id text null,
        occurred_at timestamptz not null
      );
      create index history_entry_event_idx on history_entry (event_id, id desc);
      create index history_entry_entity_idx on history_entry (entity_id, id desc);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists history_entry; drop table if exists ticket_option; drop table if exists event;');
  }
}
