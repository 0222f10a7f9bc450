import { randomBytes } from 'node:crypto';
import {
  type CallerKey,
  type CallerVerifiers,
  type Workload,
  callerKeyFromRoot,
  verifiersFromRoot,
} from '../grpc/caller-credential';

// One development root (KASSA_CALLER_KEY) per test process (per test file under jest): the services a test starts,
// in-process or as children, derive their own keys from it, and the test's own clients sign as the BFF.

/** The root as KASSA_CALLER_KEY takes it (base64url), for a service's config or a child's environment. */
export const testCallerKeyText: string = randomBytes(32).toString('base64url');

/** The key the test's clients sign with (createGrpcClient's `callerKey`): the BFF's, under the test's root. */
export const testCallerKey: CallerKey = callerKeyFromRoot(testCallerKeyText, 'bff');

/** Another workload's key under the test's root (a service calling another). */
export const testCallerKeyOf = (workload: Workload): CallerKey => callerKeyFromRoot(testCallerKeyText, workload);

/** What a server of `target` started in the test accepts (createGrpcServer's `callerVerifiers`). */
export const testCallerVerifiers = (target: Workload): CallerVerifiers => verifiersFromRoot(testCallerKeyText, target);
