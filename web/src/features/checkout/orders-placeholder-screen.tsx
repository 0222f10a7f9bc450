// /orders/*: the spec's catch-all, resolved to a placeholder. Guests have no account to list orders under; each
// order has its own unguessable page, linked from the confirmation e-mail.
import { Inbox } from 'lucide-react';
import { useTranslations } from 'next-intl';

export function OrdersPlaceholderScreen({ homeHref }: { homeHref: string }) {
  const t = useTranslations('GuestOrder.placeholder');
  return (
    <section
      aria-labelledby="orders-placeholder-title"
      className="mx-auto flex w-full max-w-md flex-col items-start gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm"
      data-testid="orders-placeholder"
    >
      <Inbox aria-hidden className="size-10 text-primary" />
      <h1 id="orders-placeholder-title" className="text-2xl font-semibold tracking-tight">
        {t('title')}
      </h1>
      <p>{t('text')}</p>
      <a href={homeHref} className="text-sm font-medium text-secondary underline underline-offset-4 hover:decoration-2">
        {t('home')}
      </a>
    </section>
  );
}
