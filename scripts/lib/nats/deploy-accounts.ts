/**
 * The bus users of a cluster, as the block of deploy/infrastructure/nats.yaml between the markers below: each user's
 * permissions from bus-accounts.ts and its password from the kassa-nats-users Secret (install.sh makes it), passed to
 * the NATS servers as an environment variable. `node --import tsx scripts/lib/nats/deploy-accounts.ts` rewrites the
 * block; scripts/lib/nats/test/unit/deploy-accounts.test.ts fails when it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BusUser, productionUsers } from './bus-accounts';

export const DEPLOY_NATS_VALUES = join(__dirname, '../../../deploy/infrastructure/nats.yaml');
export const BEGIN = '# >>> bus users: written by scripts/lib/nats/deploy-accounts.ts from bus-accounts.ts';
export const END = '# <<< bus users';
/** The Secret (in the NATS release's namespace) with one password per user, keyed by user name. */
export const USERS_SECRET = 'kassa-nats-users';

export const passwordVariable = (user: string) => `NATS_PASSWORD_${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

const quote = (value: string) => JSON.stringify(value);

/**
 * The block: two anchors the hand-written values use, `*busUsersEnv` (container.env: each password from the Secret) and
 * `*busUsersAuthorization` (config.merge.authorization). It stands first in the file, so the aliases follow it.
 */
export function renderDeployBlock(users: BusUser[] = productionUsers()): string {
  const lines = [BEGIN, 'busUsersEnv: &busUsersEnv'];
  for (const { user } of users) {
    lines.push(
      `  ${passwordVariable(user)}:`,
      '    valueFrom:',
      '      secretKeyRef:',
      `        name: ${USERS_SECRET}`,
      `        key: ${user}`,
    );
  }
  lines.push('busUsersAuthorization: &busUsersAuthorization', '  users:');
  for (const { user, permissions } of users) {
    lines.push(`    - user: ${quote(user)}`);
    // The chart writes << … >> unquoted into nats.conf: a variable the server reads from its environment.
    lines.push(`      password: << $${passwordVariable(user)} >>`);
    lines.push('      permissions:');
    lines.push(`        publish: { allow: [${permissions.publish.map(quote).join(', ')}] }`);
    lines.push(`        subscribe: { allow: [${permissions.subscribe.map(quote).join(', ')}] }`);
  }
  lines.push(END);
  return lines.join('\n');
}

/** The block as it stands in the file. */
export function currentDeployBlock(text = readFileSync(DEPLOY_NATS_VALUES, 'utf8')): string {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${DEPLOY_NATS_VALUES} has no bus users block (${BEGIN} … ${END})`);
  return text.slice(begin, end + END.length);
}

if (require.main === module) {
  const text = readFileSync(DEPLOY_NATS_VALUES, 'utf8');
  writeFileSync(DEPLOY_NATS_VALUES, text.replace(currentDeployBlock(text), renderDeployBlock()));
  console.log(`rewrote the bus users in ${DEPLOY_NATS_VALUES}`);
}
