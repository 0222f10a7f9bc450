'use client';
// /scan/{hash} for a link that is unknown or revoked: one plain sentence, full screen, like the scanner itself.
import { Link2 } from 'lucide-react';
import { useTranslations } from 'next-intl';

export function ScanLinkInvalidScreen() {
  const t = useTranslations('Scanner.revoked');
  return (
    <section
      data-testid="scan-link-invalid"
      className="flex min-h-dvh w-full flex-col items-center justify-center gap-3 bg-zinc-950 p-6 text-center text-white"
    >
      <Link2 aria-hidden className="size-12 opacity-70" />
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="max-w-md opacity-80">{t('body')}</p>
    </section>
  );
}
