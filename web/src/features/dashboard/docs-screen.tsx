// /docs: a short getting-started guide, public.
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';

const STEPS = ['account', 'event', 'shop', 'publish', 'scan'] as const;

export interface DocsScreenProps {
  /** The signed-in user's dashboard, or undefined to offer sign-up instead. */
  dashboardHref?: string;
  Link?: LinkComponent;
}

export function DocsScreen({ dashboardHref, Link = PlainLink }: DocsScreenProps) {
  const t = useTranslations('Docs');
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-6" data-testid="docs-screen">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-lg text-muted-foreground">{t('intro')}</p>
      </header>
      <ol className="flex flex-col gap-5">
        {STEPS.map((step) => (
          <li key={step} className="flex flex-col gap-1">
            <h2 className="text-lg font-semibold">{t(`steps.${step}.title`)}</h2>
            <p>{t(`steps.${step}.body`)}</p>
          </li>
        ))}
      </ol>
      <p className="text-muted-foreground">{t('pricing')}</p>
      <div className="flex flex-wrap items-center gap-4">
        <Link href={dashboardHref ?? '/sign-up'} className={buttonVariants()}>
          {dashboardHref ? t('toDashboard') : t('toSignUp')}
        </Link>
        <Link href="/contact" className={buttonVariants({ variant: 'link' })}>
          {t('help')}
        </Link>
      </div>
    </article>
  );
}
