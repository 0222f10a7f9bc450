import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { isLinkToken } from '../../../../server/site/page-validity';
import { openLinkScanner, scannerDeviceId } from '../../../../server/scan/scan-pages';
import { linkScannerScope } from '../../../../server/scan/scan-requests';
import { PublicScanner } from './public-scanner';

type Props = { params: Promise<{ locale: string; hash: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Scanner' });
  // The address is a secret: never indexed, no canonical link, and not sent on as a referrer.
  return { title: t('publicTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * /scan/{hash}: the scanner for door staff without an account, for the one event the link belongs to. An unknown or
 * revoked link is the 404 "This scan link is not valid". When ticketing cannot be reached the scanner still opens,
 * and a phone that scanned here before works from its offline kit.
 */
export default async function ScanLinkPage({ params }: Props) {
  const { locale, hash } = await params;
  setRequestLocale(locale);
  if (!isLinkToken(hash)) notFound();
  const deviceId = await scannerDeviceId();
  const initial = await openLinkScanner(hash, deviceId, locale);
  return (
    <PublicScanner secret={hash} scope={linkScannerScope(hash)} initial={initial} deviceId={deviceId} locale={locale} />
  );
}
