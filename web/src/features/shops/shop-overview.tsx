'use client';
import { Rocket, Undo2 } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '../../components/ui/form-alert';
import { formatMinor } from '../../lib/money-input';
import type { ShopView } from '../../lib/shop-model';
import { PublicLinkRow, StatusPanel } from '../dashboard/status-panel';
import type { ShopActions } from './shop-actions';
import { Moment, ShopBadges } from './shop-support';
import { useFormatter } from '../../lib/formatter';

export interface ShopOverviewProps {
  shop: ShopView;
  canEdit: boolean;
  /** The public page's absolute URL. */
  publicUrl: string;
  actions: Pick<ShopActions, 'publish' | 'convertToDraft'>;
  refresh(): void;
}

/** Status and window, opening times, access, donation, the public link, and Publish / Convert to Draft. */
export function ShopOverview({ shop, canEdit, publicUrl, actions, refresh }: ShopOverviewProps) {
  const t = useTranslations('Shops.overview');
  const tErrors = useTranslations('Shops.errors');
  const format = useFormatter();
  const locale = useLocale();
  const hint =
    shop.status === 'deleted'
      ? shop.removalAt && t('deletedHint', { date: format.dateTime(new Date(shop.removalAt), { dateStyle: 'long' }) })
      : shop.status === 'draft'
        ? t('draftHint')
        : { upcoming: t('upcomingHint'), open: t('openHint'), closed: t('closedHint') }[shop.window];
  const money = (minor: number) => formatMinor(minor, shop.currency, locale);

  return (
    <div className="flex flex-col gap-6" data-testid="shop-overview">
      <StatusPanel
        label={t('status')}
        badge={<ShopBadges shop={shop} />}
        hint={hint || undefined}
        unexpected={tErrors('unexpected')}
        refresh={refresh}
        actions={
          !canEdit
            ? []
            : shop.status === 'draft'
              ? [{ key: 'publish', label: t('publish'), icon: Rocket, run: actions.publish, done: t('published') }]
              : shop.status === 'public'
                ? [
                    {
                      key: 'convert',
                      label: t('convertToDraft'),
                      icon: Undo2,
                      variant: 'outline',
                      run: actions.convertToDraft,
                      done: t('converted'),
                    },
                  ]
                : []
        }
      />
      {!canEdit && <FormAlert tone="notice">{t('readOnly')}</FormAlert>}
      <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-[max-content_1fr]">
        <dt className="text-sm text-muted-foreground">{t('opensAt')}</dt>
        <dd>
          <Moment at={shop.opensAt} />
        </dd>
        <dt className="text-sm text-muted-foreground">{t('closesAt')}</dt>
        <dd>
          <Moment at={shop.closesAt} />
        </dd>
        <dt className="text-sm text-muted-foreground">{t('items')}</dt>
        <dd className="tabular-nums" data-testid="shop-item-count">
          {shop.itemCount}
        </dd>
        <dt className="text-sm text-muted-foreground">{t('currency')}</dt>
        <dd>{shop.currency}</dd>
        <dt className="text-sm text-muted-foreground">{t('password')}</dt>
        <dd data-testid="shop-password">{shop.passwordProtected ? t('passwordOn') : t('passwordOff')}</dd>
        <dt className="text-sm text-muted-foreground">{t('donation')}</dt>
        <dd data-testid="shop-donation">
          {shop.donation.enabled ? (
            <span className="flex flex-col">
              {shop.donation.suggestedAmountsMinor.length > 0 && (
                <span>
                  {t('donationAmounts', { amounts: shop.donation.suggestedAmountsMinor.map(money).join(', ') })}
                </span>
              )}
              {shop.donation.allowCustomAmount && (
                <span className="text-sm text-muted-foreground">{t('donationCustom')}</span>
              )}
            </span>
          ) : (
            t('donationOff')
          )}
        </dd>
        <dt className="text-sm text-muted-foreground">{t('reservation')}</dt>
        <dd>{t('minutes', { minutes: shop.reservationMinutes })}</dd>
        <dt className="text-sm text-muted-foreground">{t('comingSoon')}</dt>
        <dd data-testid="shop-coming-soon">{shop.showComingSoon ? t('comingSoonShown') : t('comingSoonHidden')}</dd>
        {shop.status === 'public' && <PublicLinkRow label={t('publicLink')} url={publicUrl} />}
      </dl>
      {shop.description && <p className="max-w-prose whitespace-pre-line text-sm">{shop.description}</p>}
    </div>
  );
}
