import type { Viewport } from 'next';
import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';

// A phone held at the door: the page is the screen's width and reaches under the notch (inputs are 18px and more,
// so no browser zooms in on them; pinch-zoom stays available).
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: '#09090b',
};

/** The scan link's own frame: no site header, no footer, nothing but the scanner. */
export default async function ScanLinkLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <main className="flex min-h-dvh flex-1 flex-col bg-zinc-950 text-white">{children}</main>;
}
