import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';

export interface CallToActionProps {
  signUpHref: string;
  contactHref: string;
  Link?: LinkComponent;
}

/** The invitation to start: a free account, or a conversation first. */
export function CallToAction({ signUpHref, contactHref, Link = PlainLink }: CallToActionProps) {
  const t = useTranslations('Marketing.cta');
  return (
    <section
      aria-labelledby="cta-title"
      className="mx-auto my-12 flex w-full max-w-5xl flex-col items-center gap-4 rounded-xl bg-primary px-6 py-10 text-center text-primary-foreground"
    >
      <h2 id="cta-title" className="text-balance text-3xl font-bold tracking-tight">
        {t('title')}
      </h2>
      <p className="max-w-2xl text-pretty">{t('body')}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link
          href={signUpHref}
          className={buttonVariants({ variant: 'outline', size: 'lg', className: 'text-foreground' })}
        >
          {t('signUp')}
        </Link>
        <Link
          href={contactHref}
          className={buttonVariants({
            variant: 'ghost',
            size: 'lg',
            className: 'underline underline-offset-4 hover:bg-primary-hover',
          })}
        >
          {t('contact')}
        </Link>
      </div>
    </section>
  );
}
