import { Migration } from '@mikro-orm/migrations';

/**
 * Step 12: what the dashboard says needs attention, and the next event's check-ins, from ordering's own projections
 * of ticketing's and notifications' events (the dashboard never calls another service on a page view).
 */
export class Migration20270801OrderingAttention extends Migration {
  override async up(): Promise<void> {
    // One row per ticket admitted at an event (ticket.checked_in; a redelivery or a second device adds nothing), and
    // the event's count beside it, so that the dashboard reads one row per event.
    this.addSql(`
      create table event_check_in (
        event_id text not null,
        ticket_id text not null,
        organisation_id text not null,
        checked_in_at timestamptz not null,
        primary key (event_id, ticket_id)
      )`);
    this.addSql(`
      create table event_check_in_count (
        event_id text primary key,
        organisation_id text not null,
        checked_in integer not null default 0 check (checked_in >= 0)
      )`);
    // Tickets admitted twice while a scanner was offline (scan.conflict_recorded).
    this.addSql(`
      create table event_scan_conflict (
        conflict_id text primary key,
        organisation_id text not null,
        event_id text not null,
        recorded_at timestamptz not null
      )`);
    this.addSql(`create index event_scan_conflict_event_idx on event_scan_conflict (organisation_id, event_id)`);
    // The newest e-mail to each order's guest, as notifications reported its delivery (email.status_changed).
    this.addSql(`
      create table order_email_delivery (
        order_id text primary key,
        message_id text not null,
        status text not null,
        failed boolean not null,
        occurred_at timestamptz not null
      )`);
    this.addSql(`create index order_email_delivery_failed_idx on order_email_delivery (occurred_at desc) where failed`);
    // Payments and refunds that have not come back: few at any time, so partial indexes find them at once.
    this.addSql(`create index order_payment_pending_idx on order_payment (updated_at) where status = 'pending'`);
    this.addSql(
      `create index refund_requested_idx on refund (organisation_id, requested_at) where status = 'requested'`,
    );
  }
}
