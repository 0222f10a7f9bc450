import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createGrpcClient, status } from '../../src/grpc';
import {
  type IdentityDriver,
  type IdentityProcess,
  assertInfrastructure,
  createIdentityDriver,
  startIdentityProcess,
  testCallerKey,
  testCallerKeyText,
  uniqueName,
} from '../../src/testing';
import { OrganisationServiceClient } from '@kassa/proto/identity/v1/organisations';

jest.setTimeout(120_000);

// The driver other services' tests use: a real identity process, reached only through its gRPC API and events.
let identity: IdentityProcess;
let driver: IdentityDriver;
const namespace = uniqueName('drv').replace(/[^a-z0-9]/g, '');
const sealingKey = randomBytes(32).toString('base64url');

beforeAll(async () => {
  await assertInfrastructure();
  identity = await startIdentityProcess({ namespace, sealingKey, callerRoot: testCallerKeyText });
  driver = await createIdentityDriver({
    grpcAddress: identity.grpcAddress,
    namespace,
    sealingKey,
    callerKey: testCallerKey,
  });
});

afterAll(async () => {
  await driver?.close();
  await identity?.stop();
});

const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

it('signs up users, creates an organisation and adds members with the asked permissions', async () => {
  const owner = await driver.signUp(address('owner'), 'Olga Owner');
  expect(owner.userId).toMatch(/^usr_/);
  // Signing up again is signing in: the same user.
  const email = address('again');
  const first = await driver.signUp(email);
  await expect(driver.signUp(email)).resolves.toEqual(first);

  const organisationId = await driver.createOrganisation(owner.userId, 'Driver Test Events');
  expect(organisationId).toMatch(/^org_/);

  const scanner = await driver.addMember(organisationId, owner.userId, address('scanner'), ['checkin']);
  expect(scanner.memberId).toMatch(/^mem_/);
  await expect(
    driver.organisations.authorize({ userId: scanner.userId, organisationId, permission: 'checkin' }),
  ).resolves.toEqual({
    allowed: true,
    member: true,
    permissions: ['checkin'],
  });
  await expect(
    driver.organisations.authorize({ userId: scanner.userId, organisationId, permission: 'events' }),
  ).resolves.toMatchObject({
    allowed: false,
    member: true,
  });
  await expect(
    driver.organisations.authorize({ userId: first.userId, organisationId, permission: '' }),
  ).resolves.toEqual({
    allowed: false,
    member: false,
    permissions: [],
  });
});

it('stops the process and drops its database', async () => {
  const other = await startIdentityProcess({ namespace: `${namespace}b`, sealingKey, callerRoot: testCallerKeyText });
  await other.stop();
  const admin = new Client({
    connectionString: process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
    new URL(other.databaseUrl).pathname.slice(1),
  ]);
  await admin.end();
  expect(rowCount).toBe(0);
  const client = createGrpcClient(OrganisationServiceClient, other.grpcAddress, {
    callerKey: testCallerKey,
    deadlineMs: 1_000,
  });
  await expect(client.listPermissionPresets({})).rejects.toMatchObject({ code: status.UNAVAILABLE });
  client.close();
});
