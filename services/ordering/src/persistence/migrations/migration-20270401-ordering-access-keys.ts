import { Migration } from '@mikro-orm/migrations';

/**
 * Step 9: every order gets the guest's access key (128 random bits, base64url), apart from its sortable id. Orders
 * placed before get one here, from PostgreSQL's CSPRNG (two random UUIDs through SHA-256); their old links without
 * a key stop working, as every link without one does.
 */
export class Migration20270401OrderingAccessKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column access_key text null`);
    this.addSql(`
      update orders set access_key = translate(rtrim(encode(substring(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea) from 1 for 16), 'base64'), '='), '+/', '-_')`);
    this.addSql(`alter table orders alter column access_key set not null`);
    this.addSql(`alter table orders add constraint orders_access_key_shape check (access_key ~ '^[A-Za-z0-9_-]{22}$')`);
  }
}
