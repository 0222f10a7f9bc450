// Settings › Payments: the organisation's plan. Standard: payments processed by the platform through Stripe, which
// the platform connected (or its demo provider, in test mode, in development); Platform-only: the organiser's own
// provider, with its integrations marked coming soon. No prices or fee amounts: the spec keeps them off the site.
import { Check } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { PaymentProviderView, PaymentSettingsView } from '../../lib/order-model';
import { providerName } from './providers';

export interface PaymentSettingsScreenProps {
  settings: PaymentSettingsView;
}

const PROVIDER_STATUS_TONES = {
  connected: 'success',
  test_mode: 'warning',
  coming_soon: 'info',
  unavailable: 'neutral',
} as const;
type ProviderStatus = keyof typeof PROVIDER_STATUS_TONES;
const isProviderStatus = (value: string): value is ProviderStatus => Object.hasOwn(PROVIDER_STATUS_TONES, value);

function ProviderStatusBadge({ status }: { status: string }) {
  const t = useTranslations('PaymentSettings.providerStatus');
  const word: ProviderStatus = isProviderStatus(status) ? status : 'unavailable';
  return (
    <Badge tone={PROVIDER_STATUS_TONES[word]} data-provider-status={word}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {t(word)}
    </Badge>
  );
}

const STANDARD_POINTS = ['processing', 'payouts', 'freeTickets'] as const;

export function PaymentSettingsScreen({ settings }: PaymentSettingsScreenProps) {
  const t = useTranslations('PaymentSettings');
  const standard = settings.plan !== 'platform_only';
  const active: PaymentProviderView | null = settings.activeProvider;
  return (
    <div className="flex flex-col gap-6" data-testid="payment-settings">
      <p className="max-w-prose text-muted-foreground">{t('intro')}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className={standard ? 'border-primary/50' : undefined} data-testid="plan-standard">
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>{t('standard.name')}</CardTitle>
              {standard && <Badge tone="primary">{t('currentPlan')}</Badge>}
            </div>
            <CardDescription>{t('standard.summary')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <ul className="flex flex-col gap-2 text-sm">
              {STANDARD_POINTS.map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  {t(`standard.points.${key}`)}
                </li>
              ))}
            </ul>
            {standard && (
              <dl
                className="grid gap-x-6 gap-y-3 rounded-md border border-border p-4 sm:grid-cols-[max-content_1fr]"
                data-testid="active-provider"
              >
                <dt className="text-sm text-muted-foreground">{t('provider')}</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  {active ? (
                    <>
                      <span className="font-medium" data-testid="active-provider-name">
                        {active.name || providerName(active.key)}
                      </span>
                      <ProviderStatusBadge status={active.status} />
                    </>
                  ) : (
                    <span className="text-muted-foreground">{t('noProvider')}</span>
                  )}
                </dd>
                <dt className="text-sm text-muted-foreground">{t('currency')}</dt>
                <dd>{settings.currency}</dd>
                {active && (
                  <dd className="text-sm text-muted-foreground sm:col-span-2" data-testid="active-provider-hint">
                    {active.status === 'test_mode'
                      ? t('testModeHint')
                      : active.key === 'stripe'
                        ? t('stripeHint')
                        : t('connectedHint')}
                  </dd>
                )}
              </dl>
            )}
          </CardContent>
        </Card>

        <Card className={standard ? undefined : 'border-primary/50'} data-testid="plan-platform-only">
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>{t('platformOnly.name')}</CardTitle>
              <Badge tone="info">{t('comingSoon')}</Badge>
            </div>
            <CardDescription>{t('platformOnly.summary')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <h4 className="text-sm font-semibold">{t('platformOnly.integrations')}</h4>
            <ul className="flex flex-col gap-2" data-testid="platform-only-providers">
              {settings.platformOnlyProviders.map((provider) => (
                <li
                  key={provider.key}
                  className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2 text-sm"
                >
                  <span className="font-medium">{provider.name || providerName(provider.key)}</span>
                  <ProviderStatusBadge status={provider.status} />
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
