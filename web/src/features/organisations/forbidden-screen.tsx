import { ShieldAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';
import { NoticePanel } from './notice-panel';

/** The 403 page: a member opened a page their permissions do not include. */
export function ForbiddenScreen({ backHref, Link = PlainLink }: { backHref: string; Link?: LinkComponent }) {
  const t = useTranslations('Organisations.forbidden');
  return (
    <NoticePanel
      icon={ShieldAlert}
      tone="warning"
      title={t('title')}
      description={t('description')}
      testId="page-forbidden"
      action={
        <Link href={backHref} className={buttonVariants({ variant: 'outline' })}>
          {t('back')}
        </Link>
      }
    />
  );
}
