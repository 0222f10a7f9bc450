import { randomBytes } from 'node:crypto';

// One KASSA_CALLER_KEY per test process (per test file under jest): the services a test starts, in-process or as
// children, check calls with it and the test's own clients sign with it.

/** The key the test's clients sign with (createGrpcClient's `callerKey`) and its servers accept. */
export const testCallerKey: Buffer = randomBytes(32);

/** The same key as KASSA_CALLER_KEY takes it (base64url), for a service's config or a child's environment. */
export const testCallerKeyText: string = testCallerKey.toString('base64url');
