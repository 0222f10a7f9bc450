import { Migration } from '@mikro-orm/migrations';

/**
 * The entrance scanner: scan links, every scan's answer by nonce, every admission, and offline conflicts. The
 * admission itself is ticket_access.checked_in_at (the initial migration); these tables record around it.
 */
export class Migration20270110TicketingScanning extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- A secret link for one event: door staff scan with it, no account needed. Only the secret's SHA-256 (hex) is
      -- kept; the secret itself is shown once, when the link is made.
      create table scan_link (
        id text primary key,
        organisation_id text not null,
        event_id text not null,
        name text not null check (char_length(name) between 1 and 80),
        secret_hash text not null,
        created_by text not null,
        created_at timestamptz not null,
        revoked_at timestamptz null,
        last_used_at timestamptz null,
        check_ins integer not null default 0 check (check_ins >= 0),
        constraint scan_link_secret_hash_unique unique (secret_hash)
      );
      create index scan_link_event_idx on scan_link (organisation_id, event_id, created_at desc, id desc);

      -- Every scan by its nonce, with the whole answer it got (ScanResponse or OfflineScanOutcome as JSON). The
      -- nonce is claimed first in the scan's transaction (insert … on conflict do nothing), so a retry racing the
      -- original waits for it and is then answered from here; it never checks in a second time. scope is who
      -- scanned (the link id or the member's user id): the same nonce from anyone else is refused.
      create table scan_attempt (
        nonce text primary key,
        kind text not null check (kind in ('scan', 'offline')),
        scope text not null,
        device_id text not null,
        event_id text not null,
        result text not null,
        response jsonb not null,
        created_at timestamptz not null
      );
      create index scan_attempt_created_idx on scan_attempt (created_at);

      -- Every admission, online or synced from offline. ticket_access keeps the one that counts; this is the log
      -- (device, link, offline or not). The nonce is unique: one scan never admits twice.
      create table check_in (
        id text primary key,
        organisation_id text not null,
        event_id text not null,
        ticket_id text not null references ticket (id) on delete cascade,
        device_id text not null,
        device_name text not null,
        link_id text null,
        checked_in_at timestamptz not null,
        offline boolean not null,
        nonce text not null,
        constraint check_in_nonce_unique unique (nonce)
      );
      create index check_in_event_idx on check_in (event_id, checked_in_at);
      create index check_in_ticket_idx on check_in (ticket_id);

      -- A ticket admitted twice, the second time offline: kept for the organiser, never dropped. The first recorded
      -- admission is the one that counts. One conflict per offline scan (nonce).
      create table scan_conflict (
        id text primary key,
        organisation_id text not null,
        event_id text not null,
        ticket_id text not null references ticket (id) on delete cascade,
        first_checked_in_at timestamptz not null,
        first_device text not null,
        second_checked_in_at timestamptz not null,
        second_device text not null,
        nonce text not null,
        recorded_at timestamptz not null,
        resolved_at timestamptz null,
        constraint scan_conflict_nonce_unique unique (nonce)
      );
      create index scan_conflict_event_idx on scan_conflict (organisation_id, event_id, recorded_at desc, id desc);
      create index scan_conflict_open_idx on scan_conflict (event_id) where resolved_at is null;
    `);
  }
}
