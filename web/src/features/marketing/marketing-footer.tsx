import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';

export interface MarketingFooterProps {
  termsHref: string;
  privacyHref: string;
  contactHref: string;
  Link?: LinkComponent;
}

/** Links to the legal pages and the contact form, under every public page. */
export function MarketingFooter({ termsHref, privacyHref, contactHref, Link = PlainLink }: MarketingFooterProps) {
  const t = useTranslations('Marketing.footer');
  const links = [
    { href: termsHref, label: t('terms') },
    { href: privacyHref, label: t('privacy') },
    { href: contactHref, label: t('contact') },
  ];
  return (
    <footer className="mx-auto mt-12 flex w-full max-w-5xl flex-col items-center gap-3 border-t border-border pt-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
      <p>{t('copyright')}</p>
      <nav aria-label={t('label')}>
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
          {links.map(({ href, label }) => (
            <li key={href}>
              <Link href={href} className="hover:text-foreground hover:underline">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
