import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';

export interface NotFoundScreenProps {
  path: string;
  homeHref: string;
  Link?: LinkComponent;
}

export function NotFoundScreen({ path, homeHref, Link = PlainLink }: NotFoundScreenProps) {
  const t = useTranslations('NotFound');
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 py-12" data-testid="not-found">
      <p className="text-5xl font-semibold text-muted-foreground">404</p>
      <h1 className="text-xl font-semibold break-all">{t('message', { path })}</h1>
      <Link href={homeHref} className="text-secondary underline underline-offset-4 hover:decoration-2">
        {t('home')}
      </Link>
    </section>
  );
}
