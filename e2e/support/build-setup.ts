import { assertInfrastructure, bundleServiceOnce } from '@kassa/platform/testing';
import { buildBffIfStale } from '@kassa/testing/build-bff';
import { SERVICES_WITH_DATABASES } from '@kassa/testing/stack';

/**
 * For tests that start platforms of their own (jest project "verify"): the infrastructure is up, the BFF built and the
 * services bundled, here in jest's own process, whose environment every test file's starts as a copy of.
 */
export default async function buildSetup(): Promise<void> {
  await assertInfrastructure();
  buildBffIfStale();
  for (const service of SERVICES_WITH_DATABASES) bundleServiceOnce(service);
}
