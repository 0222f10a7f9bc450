'use client';
import { NotFoundScreen } from '@kassa/web/features/errors/not-found-screen';
import { usePathname } from 'next/navigation';
import { Link } from '../i18n/navigation';
import { ClientSiteFrame } from './client-site-frame';

/**
 * The 404 of a page under a locale that called notFound(). A client component on purpose: Next renders a
 * segment's not-found boundary along with every page, so reading the request here would stop public pages
 * from being prerendered. The path comes from the browser's URL instead.
 */
export function LocaleNotFound() {
  const path = usePathname();
  return (
    <ClientSiteFrame>
      <NotFoundScreen path={path} homeHref="/" Link={Link} />
    </ClientSiteFrame>
  );
}
