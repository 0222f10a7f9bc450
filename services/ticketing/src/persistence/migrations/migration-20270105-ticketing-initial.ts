import { Migration } from '@mikro-orm/migrations';
import { TICKET_STATUSES } from '../../domain/ticket-status';

const statusList = TICKET_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * Tickets and what they are made from: the organisations' signing keys, a projection of catalog's events and of
 * ordering's order states (only what tickets need), the tickets and their per-event access. The scanner's tables
 * (scan links, devices, check-ins, conflicts) come in a later migration.
 */
export class Migration20270105TicketingInitial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- One Ed25519 key pair per organisation, made on first need. The private key is sealed (AES-256-GCM with
      -- KASSA_SEALING_KEY); the public key is the raw 32 bytes, base64url, as the offline kit carries it. Retired
      -- keys stay to verify the codes they signed: at most one unretired key per organisation (the signer).
      create table signing_key (
        id text primary key,
        organisation_id text not null,
        public_key text not null,
        sealed_private_key text not null,
        created_at timestamptz not null,
        retired_at timestamptz null
      );
      create unique index signing_key_active_idx on signing_key (organisation_id) where retired_at is null;
      create index signing_key_organisation_idx on signing_key (organisation_id, created_at);

      -- catalog's events, as tickets show them; version-guarded like ordering's projection.
      create table event (
        id text primary key,
        organisation_id text not null,
        name text not null,
        -- [{ "locale": "nl", "name": "…" }, …]
        translations jsonb not null default '[]',
        starts_at timestamptz null,
        ends_at timestamptz null,
        address text not null default '',
        city text not null default '',
        postal_code text not null default '',
        country text not null default '',
        status text not null,
        version integer not null
      );

      -- The newest version of each order seen: older snapshots are ignored, and TicketsIssued goes out once.
      create table order_state (
        order_id text primary key,
        organisation_id text not null,
        version integer not null,
        status text not null,
        tickets_issued_at timestamptz null,
        updated_at timestamptz not null
      );

      create table ticket (
        id text primary key,
        reference text not null,
        organisation_id text not null,
        order_id text not null,
        order_number text not null,
        shop_id text not null,
        item_id text not null,
        item_name text not null,
        ticket_option_id text not null,
        price_minor bigint not null check (price_minor >= 0),
        currency text not null check (currency ~ '^[A-Z]{3}$'),
        email text not null,
        subscribed boolean not null default false,
        locale text not null default 'en',
        status text not null check (status in (${statusList})),
        position integer not null check (position >= 1),
        of_count integer not null check (of_count >= position),
        key_id text null,
        seed text null,
        code text null,
        issued_at timestamptz null,
        canceled_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint ticket_reference_unique unique (reference),
        constraint ticket_order_position_unique unique (order_id, position),
        -- A valid or used ticket always has its code; a canceled one keeps it (its id is on the revocation list).
        constraint ticket_issued_has_code check (status not in ('created', 'used') or (code is not null and key_id is not null and seed is not null and issued_at is not null)),
        constraint ticket_canceled_has_time check ((status = 'canceled') = (canceled_at is not null))
      );
      -- Organiser lists and the revocation list: an organisation's issued tickets, newest first.
      create index ticket_organisation_issued_idx on ticket (organisation_id, issued_at desc) where issued_at is not null;
      create index ticket_organisation_canceled_idx on ticket (organisation_id) where status = 'canceled' and issued_at is not null;

      -- One row per (ticket, event it grants). Check-in is the scanner's conditional update of checked_in_at.
      create table ticket_access (
        ticket_id text not null references ticket (id) on delete cascade,
        event_id text not null,
        checked_in_at timestamptz null,
        checked_in_device text null,
        primary key (ticket_id, event_id)
      );
      -- Per-event attendees and counts start here; check-ins per minute read the partial index.
      create index ticket_access_event_idx on ticket_access (event_id, ticket_id);
      create index ticket_access_event_checked_in_idx on ticket_access (event_id, checked_in_at) where checked_in_at is not null;
    `);
  }
}
