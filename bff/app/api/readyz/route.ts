import { NextResponse } from 'next/server';
import { checkDependencies } from '../../../server/readiness';

export const dynamic = 'force-dynamic';

/** Readiness: the services every page needs answer their health checks. Kubernetes stops routing here otherwise. */
export async function GET(): Promise<NextResponse> {
  const checks = await checkDependencies();
  const ready = Object.values(checks).every(Boolean);
  return NextResponse.json(
    { status: ready ? 'ready' : 'not ready', checks },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
