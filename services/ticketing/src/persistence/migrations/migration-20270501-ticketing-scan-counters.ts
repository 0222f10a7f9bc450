import { Migration } from '@mikro-orm/migrations';

/**
 * Step 10: two counters every scan used to pay for in full move into slotted counter rows.
 *
 * An event's live counts ("checked in of sold", and canceled) are kept in counters rather than counted over
 * its access rows on every scan, which made each scan cost O(tickets at the event).
 *
 * - Triggers keep the counters, in the transaction that changes a ticket or an access row, whatever code path does
 *   it: sold = issued and valid or used, checked in = sold and admitted at the event, canceled = issued, then
 *   canceled (exactly what the old count counted).
 * - Each event has up to SLOTS counter rows, and a transaction adds to the row of its own connection's slot
 *   (backend pid modulo SLOTS): scans on different connections never wait for each other's counter row, which a
 *   single row per event would make the gate's hot row. Reading sums at most SLOTS rows. A slot's own figures mean
 *   nothing (a ticket counted in one slot may be canceled in another); only the sum does.
 * - A trigger skips a change that moves no count (a scan's ticket going from valid to used), so a scan writes one
 *   counter row, when its access row is checked in.
 *
 * A scan link's use (its check-ins and when it was last used) was one row per link that every scan at that door
 * updated: the door's hot row, locked until each scan's commit. It moves to scan_link_use, one row per link and
 * connection slot, written as the event counters are; a link's figures are the sum and the latest of its rows.
 */
export class Migration20270501TicketingScanCounters extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table event_ticket_count (
        event_id text not null,
        organisation_id text not null,
        slot smallint not null,
        sold integer not null default 0,
        checked_in integer not null default 0,
        canceled integer not null default 0,
        primary key (event_id, organisation_id, slot)
      )`);
    // SLOTS = 32: more than the connections a ticketing replica holds, so consecutive backends rarely share a slot.
    this.addSql(`
      create function event_ticket_count_add(p_event text, p_organisation text, p_sold integer, p_checked_in integer, p_canceled integer)
      returns void language sql as $$
        insert into event_ticket_count as c (event_id, organisation_id, slot, sold, checked_in, canceled)
        values (p_event, p_organisation, pg_backend_pid() % 32, p_sold, p_checked_in, p_canceled)
        on conflict (event_id, organisation_id, slot) do update
          set sold = c.sold + excluded.sold, checked_in = c.checked_in + excluded.checked_in, canceled = c.canceled + excluded.canceled
      $$`);
    // An access row's ticket is read once per change of the row; its old and new contributions go in one call.
    this.addSql(`
      create function ticket_access_counts() returns trigger language plpgsql as $$
      declare
        t record;
        sold_delta integer := 0;
        checked_delta integer := 0;
        canceled_delta integer := 0;
      begin
        if tg_op = 'UPDATE' and (old.ticket_id <> new.ticket_id or old.event_id <> new.event_id) then
          -- Never done by ticketing; counted as a removal and an insertion.
          perform ticket_access_counts_remove(old.ticket_id, old.event_id, old.checked_in_at);
          perform ticket_access_counts_remove(new.ticket_id, new.event_id, new.checked_in_at, -1);
          return null;
        end if;
        select organisation_id, status, issued_at into t from ticket where id = coalesce(new.ticket_id, old.ticket_id);
        if not found or t.issued_at is null then return null; end if;
        if tg_op in ('UPDATE', 'DELETE') then
          sold_delta := sold_delta - (t.status in ('created', 'used'))::int;
          checked_delta := checked_delta - (t.status in ('created', 'used') and old.checked_in_at is not null)::int;
          canceled_delta := canceled_delta - (t.status = 'canceled')::int;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          sold_delta := sold_delta + (t.status in ('created', 'used'))::int;
          checked_delta := checked_delta + (t.status in ('created', 'used') and new.checked_in_at is not null)::int;
          canceled_delta := canceled_delta + (t.status = 'canceled')::int;
        end if;
        if sold_delta <> 0 or checked_delta <> 0 or canceled_delta <> 0 then
          perform event_ticket_count_add(coalesce(new.event_id, old.event_id), t.organisation_id, sold_delta, checked_delta, canceled_delta);
        end if;
        return null;
      end $$`);
    // One access row's contribution taken away (sign 1) or added (sign -1), for the rare move of a row.
    this.addSql(`
      create function ticket_access_counts_remove(p_ticket text, p_event text, p_checked_in_at timestamptz, p_sign integer default 1)
      returns void language plpgsql as $$
      declare t record;
      begin
        select organisation_id, status, issued_at into t from ticket where id = p_ticket;
        if not found or t.issued_at is null then return; end if;
        perform event_ticket_count_add(p_event, t.organisation_id,
          -p_sign * (t.status in ('created', 'used'))::int,
          -p_sign * (t.status in ('created', 'used') and p_checked_in_at is not null)::int,
          -p_sign * (t.status = 'canceled')::int);
      end $$`);
    this.addSql(`
      create trigger ticket_access_counts after insert or delete or update of ticket_id, event_id, checked_in_at on ticket_access
      for each row execute function ticket_access_counts()`);
    // A ticket issued, canceled or moved between organisations changes the counts of every event it grants.
    this.addSql(`
      create function ticket_counts() returns trigger language plpgsql as $$
      declare
        a record;
        was_counted boolean := tg_op <> 'INSERT' and old.issued_at is not null;
        is_counted boolean := tg_op = 'UPDATE' and new.issued_at is not null;
      begin
        for a in select event_id, checked_in_at from ticket_access where ticket_id = coalesce(new.id, old.id) loop
          if was_counted then
            perform event_ticket_count_add(a.event_id, old.organisation_id,
              -(old.status in ('created', 'used'))::int,
              -(old.status in ('created', 'used') and a.checked_in_at is not null)::int,
              -(old.status = 'canceled')::int);
          end if;
          if is_counted then
            perform event_ticket_count_add(a.event_id, new.organisation_id,
              (new.status in ('created', 'used'))::int,
              (new.status in ('created', 'used') and a.checked_in_at is not null)::int,
              (new.status = 'canceled')::int);
          end if;
        end loop;
        return coalesce(new, old);
      end $$`);
    // Only a change of what a ticket counts as fires it: valid → used (every first scan) does not.
    this.addSql(`
      create trigger ticket_counts after update of status, issued_at, organisation_id on ticket
      for each row when (
        (old.issued_at is null) <> (new.issued_at is null)
        or old.organisation_id <> new.organisation_id
        or (case when old.status in ('created', 'used') then 1 when old.status = 'canceled' then 2 else 0 end)
           <> (case when new.status in ('created', 'used') then 1 when new.status = 'canceled' then 2 else 0 end)
      ) execute function ticket_counts()`);
    // Before a ticket is deleted: its access rows go with it (on delete cascade), after its own row is gone.
    this.addSql(
      `create trigger ticket_counts_delete before delete on ticket for each row execute function ticket_counts()`,
    );
    this.addSql(`
      create table scan_link_use (
        link_id text not null references scan_link (id) on delete cascade,
        slot smallint not null,
        check_ins integer not null default 0,
        last_used_at timestamptz null,
        primary key (link_id, slot)
      )`);
    this.addSql(`
      insert into scan_link_use (link_id, slot, check_ins, last_used_at)
      select id, 0, check_ins, last_used_at from scan_link where check_ins > 0 or last_used_at is not null`);
    this.addSql(`alter table scan_link drop column check_ins, drop column last_used_at`);
    this.addSql(`
      insert into event_ticket_count (event_id, organisation_id, slot, sold, checked_in, canceled)
      select a.event_id, t.organisation_id, 0,
        count(*) filter (where t.status in ('created', 'used')),
        count(*) filter (where t.status in ('created', 'used') and a.checked_in_at is not null),
        count(*) filter (where t.status = 'canceled')
      from ticket_access a join ticket t on t.id = a.ticket_id
      where t.issued_at is not null
      group by a.event_id, t.organisation_id`);
  }
}
