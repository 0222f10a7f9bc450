import { parse } from 'yaml';
import { BUS_ACCOUNTS, machineUsers, productionUsers, servicePermissions } from '../../bus-accounts';
import { currentDeployBlock, DEPLOY_NATS_VALUES, passwordVariable, renderDeployBlock } from '../../deploy-accounts';
import { readFileSync } from 'node:fs';

describe('the bus accounts', () => {
  it('writes the cluster NATS users from the same table as the machine (rewrite with scripts/lib/nats/deploy-accounts.ts)', () => {
    expect(currentDeployBlock()).toBe(renderDeployBlock());
    const values = parse(readFileSync(DEPLOY_NATS_VALUES, 'utf8')) as {
      config: {
        merge: {
          authorization: {
            users: {
              user: string;
              password: string;
              permissions: { publish: { allow: string[] }; subscribe: { allow: string[] } };
            }[];
          };
        };
      };
      container: { env: Record<string, { valueFrom: { secretKeyRef: { name: string; key: string } } }> };
    };
    const users = values.config.merge.authorization.users;
    expect(
      users.map(({ user, permissions }) => ({
        user,
        permissions: { publish: permissions.publish.allow, subscribe: permissions.subscribe.allow },
      })),
    ).toEqual(productionUsers());
    for (const { user, password } of users) {
      expect(password).toBe(`<< $${passwordVariable(user)} >>`);
      expect(values.container.env[passwordVariable(user)]!.valueFrom.secretKeyRef).toEqual({
        name: 'kassa-nats-users',
        key: user,
      });
    }
  });

  it("lets a service publish its own subjects only, and never another's", () => {
    for (const account of BUS_ACCOUNTS) {
      const { publish } = servicePermissions(account, { namespaced: false });
      const subjects = publish.filter(
        (subject) => subject.startsWith('kassa.') && !subject.startsWith('kassa.parked.'),
      );
      expect(subjects).toEqual([`kassa.${account.service}.>`]);
      expect(publish).not.toContain('>');
      expect(
        publish.some(
          (subject) => subject.startsWith('$JS.API.STREAM.DELETE') || subject.startsWith('$JS.API.CONSUMER.DURABLE.'),
        ),
      ).toBe(false);
    }
  });

  it('gives a namespaced copy only namespaced subjects, and keeps production users exact', () => {
    const namespaced = machineUsers().filter(({ user }) => user.endsWith('-namespaced'));
    expect(namespaced).toHaveLength(BUS_ACCOUNTS.length);
    for (const { user, permissions } of namespaced) {
      const service = user.replace('-namespaced', '');
      expect(permissions.publish.filter((subject) => subject.includes('.kassa.') && !subject.startsWith('$'))).toEqual([
        `*.kassa.${service}.>`,
      ]);
      expect(permissions.subscribe).toEqual([`_INBOX_${user}.>`]);
    }
    for (const { user, permissions } of productionUsers().filter(({ user }) => user !== 'kassa-admin')) {
      expect(permissions.publish.every((subject) => !subject.startsWith('*.'))).toBe(true);
      expect(permissions.subscribe).toEqual([`_INBOX_${user}.>`]);
    }
  });
});
