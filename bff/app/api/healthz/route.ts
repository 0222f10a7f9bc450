import { NextResponse } from 'next/server';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. Kubernetes restarts the pod when this fails. */
export function GET(): NextResponse {
  return NextResponse.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
