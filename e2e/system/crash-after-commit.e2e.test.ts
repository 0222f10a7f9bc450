import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { IdentityServiceClient, SignInPurpose } from '@kassa/proto/identity/v1/identity';
import { messagesTo, waitForMessagesTo } from '@kassa/testing/mail';
import { type Stack, startStack } from '@kassa/testing/stack';

// Crash points (KASSA_CRASH_POINT) SIGKILL identity at an exact step of "commit, then publish through the outbox",
// the way a power cut would. Whatever the step, the sign-in code is e-mailed exactly once after the restart.

jest.setTimeout(120_000);

let stack: Stack;
let db: Client;
beforeAll(async () => {
  stack = await startStack('crash', ['mail', 'identity', 'notifications']);
  db = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${stack.info.databases[0]}` });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newAddress = () => `crash-${randomBytes(4).toString('hex')}@example.test`;
const signInRequest = (email: string) => ({
  email,
  purpose: SignInPurpose.SIGN_IN_PURPOSE_SIGN_IN,
  locale: 'en',
  clientIp: '127.0.0.1',
  displayName: '',
});

async function unpublishedSignInCodes(): Promise<number> {
  const result = await db.query(
    "select count(*)::int as n from outbox where published_at is null and subject = 'kassa.identity.signin.code_requested'",
  );
  return result.rows[0].n as number;
}

/** Restarts identity without a crash point and expects exactly one e-mail to `email`, with every outbox row published. */
async function expectExactlyOneEmailAfterRestart(email: string): Promise<void> {
  await stack.startService('identity');
  const [message] = await waitForMessagesTo(stack.info.mailInboxUrl!, email, 1, 30_000);
  expect(message!.text).toMatch(/\b\d{6}\b/);
  const deadline = Date.now() + 10_000;
  while ((await unpublishedSignInCodes()) > 0 && Date.now() < deadline) await sleep(100);
  expect(await unpublishedSignInCodes()).toBe(0);
  // Long enough for a duplicate delivery to arrive, if the platform made one.
  await sleep(3_000);
  expect(await messagesTo(stack.info.mailInboxUrl!, email)).toHaveLength(1);
}

/**
 * Sends the request to an identity that dies in its relay: the use case has committed and answers, but the relay may
 * reach the crash point before the answer has left the process, so the guest may see UNAVAILABLE instead. Either is
 * what a real crash looks like; anything else is a failure.
 */
async function requestAnsweredOrCutOff(
  client: Awaited<ReturnType<typeof startCrashingIdentity>>['client'],
  email: string,
): Promise<void> {
  try {
    await client.requestSignInCode(signInRequest(email));
  } catch (error) {
    expect(error).toMatchObject({ code: 14 /* UNAVAILABLE: the process died before its answer left */ });
  }
}

/** Stops the running identity and starts one that dies at `crashPointName`. */
async function startCrashingIdentity(crashPointName: string) {
  await stack.processes.get('identity')!.stop();
  const crashing = await stack.startService('identity', { KASSA_CRASH_POINT: crashPointName });
  // The first call to a process that has just started (its first pool connection, Redis, the commit) may take a
  // while on a busy machine; the process's own exit is what ends the call, never the deadline.
  const client = createGrpcClient(IdentityServiceClient, stack.info.identityGrpc!, {
    callerKey: callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!),
    deadlineMs: 30_000,
  });
  return { crashing, client };
}

it('a sign-in request committed just before identity is killed is still e-mailed, exactly once, after restart', async () => {
  const { crashing, client } = await startCrashingIdentity('identity.sign-in-code.after-commit');
  const email = newAddress();
  try {
    await expect(client.requestSignInCode(signInRequest(email))).rejects.toMatchObject({
      code: 14 /* UNAVAILABLE: the process died mid-call */,
    });
    await crashing.exited;
    expect(crashing.child.signalCode).toBe('SIGKILL');
    const committed = await db.query('select count(*)::int as n from sign_in_challenges where email = $1', [email]);
    expect(committed.rows[0].n).toBe(1);
    // The relay runs beside the use case, so it may have published in the instant between the commit and the kill;
    // either way the row is still unmarked, and the restart must not send it twice.
    expect(await unpublishedSignInCodes()).toBe(1);
    await expectExactlyOneEmailAfterRestart(email);
  } finally {
    client.close?.();
  }
});

it('a row the relay claimed but never published is published by the next relay, once', async () => {
  const { crashing, client } = await startCrashingIdentity('outbox.before-publish');
  const email = newAddress();
  try {
    // The use case commits and answers; the relay dies on claiming the row, before anything reaches JetStream.
    await requestAnsweredOrCutOff(client, email);
    await crashing.exited;
    expect(crashing.child.signalCode).toBe('SIGKILL');
    expect(await unpublishedSignInCodes()).toBe(1);
    await sleep(1_500);
    expect(await messagesTo(stack.info.mailInboxUrl!, email)).toHaveLength(0);
    await expectExactlyOneEmailAfterRestart(email);
  } finally {
    client.close?.();
  }
});

it('a row published but not yet marked is published again on restart and JetStream drops the copy', async () => {
  const { crashing, client } = await startCrashingIdentity('outbox.after-publish');
  const email = newAddress();
  try {
    await requestAnsweredOrCutOff(client, email);
    await crashing.exited;
    expect(crashing.child.signalCode).toBe('SIGKILL');
    // Published (the PubAck came back) but the mark rolled back with the killed transaction.
    expect(await unpublishedSignInCodes()).toBe(1);
    await expectExactlyOneEmailAfterRestart(email);
  } finally {
    client.close?.();
  }
});
