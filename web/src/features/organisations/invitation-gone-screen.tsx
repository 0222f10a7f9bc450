import { MailWarning } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';
import { NoticePanel } from './notice-panel';

// Server-renderable (no 'use client'): the BFF's not-found.tsx passes its Link component in.
/** An unknown, used, revoked or expired invitation link (answered with 404). */
export function InvitationGoneScreen({ accountHref, Link = PlainLink }: { accountHref: string; Link?: LinkComponent }) {
  const t = useTranslations('Organisations.invitation');
  return (
    <NoticePanel
      icon={MailWarning}
      tone="neutral"
      title={t('goneTitle')}
      description={t('goneDescription')}
      testId="invitation-gone"
      action={
        <Link href={accountHref} className={buttonVariants({ variant: 'outline' })}>
          {t('toAccount')}
        </Link>
      }
    />
  );
}
