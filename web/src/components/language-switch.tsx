import { useTranslations } from 'next-intl';
import { cn } from '../lib/cn';
import { PlainLink, type LinkComponent } from './link-like';

export interface LanguageSwitchProps {
  current: string;
  /** Each locale with the href of the current page for it (as the host's Link expects it). */
  options: { locale: string; href: string }[];
  Link?: LinkComponent;
}

export function LanguageSwitch({ current, options, Link = PlainLink }: LanguageSwitchProps) {
  const t = useTranslations('Header');
  return (
    <nav aria-label={t('language')} className="flex items-center gap-1 text-sm">
      {options.map(({ locale, href }) =>
        locale === current ? (
          <span key={locale} aria-current="true" className="rounded px-2 py-1 font-semibold" lang={locale}>
            {t(`localeNames.${locale}` as 'localeNames.en')}
          </span>
        ) : (
          <Link
            key={locale}
            href={href}
            locale={locale}
            className={cn('rounded px-2 py-1 text-secondary hover:bg-muted')}
          >
            <span lang={locale}>{t(`localeNames.${locale}` as 'localeNames.en')}</span>
          </Link>
        ),
      )}
    </nav>
  );
}
