import type { Locale } from '@kassa/contracts/locales';
import type { OrderNoticeKind } from '../domain/order-notice';
import { orderNoticeMessages } from './order-notice.messages';
import { OrderUpdateLayout } from './order-update-layout';

export interface OrderNoticeEmailProps {
  locale: Locale;
  kind: OrderNoticeKind;
  orderNumber: string;
  /** Already formatted in the order's currency and the e-mail's locale. */
  total: string;
  orderUrl: string;
  siteUrl: string;
}

/** Tells the guest that an unpaid order's payment failed, its hold ran out, or the organiser canceled it. */
export function OrderNoticeEmail({ locale, kind, orderNumber, total, orderUrl, siteUrl }: OrderNoticeEmailProps) {
  const t = orderNoticeMessages[locale];
  const copy = t.kinds[kind];
  return (
    <OrderUpdateLayout
      locale={locale}
      preview={copy.preview(orderNumber, total)}
      heading={copy.heading}
      greeting={t.greeting}
      paragraphs={copy.body(orderNumber, total)}
      summary={[
        { label: t.orderNumberLabel, value: orderNumber, testId: 'order-number' },
        { label: t.totalLabel, value: total, testId: 'order-total' },
      ]}
      button={{ label: copy.button, href: orderUrl }}
      notYou={t.notYou}
      footer={t.footer}
      siteUrl={siteUrl}
    />
  );
}
