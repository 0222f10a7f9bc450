// Detecting a new deployment from an open tab: the page knows the build it came from, /api/build tells the
// build the server runs now.

/** The spec's build-update poll: hourly. */
export const BUILD_POLL_INTERVAL_MS = 3_600_000;

/** True only when the server names a build and it differs from this page's; an unknown answer is not news. */
export function isNewerBuild(pageBuildId: string | undefined, servedBuildId: unknown): boolean {
  return typeof servedBuildId === 'string' && servedBuildId !== '' && !!pageBuildId && servedBuildId !== pageBuildId;
}
