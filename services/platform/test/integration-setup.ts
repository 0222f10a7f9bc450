import { prepareIdentityBundle } from '../src/testing/identity-process';

/** jest project "integration": identity bundled once, before the workers start, for every test that runs it as a process. */
export default function integrationSetup(): void {
  prepareIdentityBundle();
}
