import { NextResponse } from 'next/server';

export const dynamic = 'force-dynamic';

/** The build this server runs; open tabs poll it to learn that a new version is out. */
export function GET(): NextResponse {
  return NextResponse.json(
    { buildId: process.env.NEXT_PUBLIC_KASSA_BUILD_ID ?? null },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
