import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16: a provider's success is applied only when it took what the attempt asks. An attempt paid with another
 * amount or currency is flagged instead: why, and what the provider said it took (the expected sum is the attempt's
 * own amount_minor and currency). Every existing attempt is unflagged.
 */
export class Migration20270402PaymentsFlaggedAttempts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table payment_attempt
        add column flag_reason text null check (flag_reason in ('amount_mismatch', 'currency_mismatch', 'amount_unknown')),
        add column received_minor bigint null,
        add column received_currency text null check (received_currency ~ '^[A-Z]{3}$'),
        add column flagged_at timestamptz null;
      -- The attempts someone has to look at: few, and found without reading the rest.
      create index payment_attempt_flagged_idx on payment_attempt (flagged_at desc) where flag_reason is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists payment_attempt_flagged_idx;
      alter table payment_attempt drop column flag_reason, drop column received_minor, drop column received_currency, drop column flagged_at;
    `);
  }
}
