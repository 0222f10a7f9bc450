import type { Locale } from '@kassa/contracts/locales';
import type { RefundNoticeKind } from '../domain/order-refund-notice';
import { orderRefundedMessages } from './order-refunded.messages';
import { OrderUpdateLayout } from './order-update-layout';

export interface OrderRefundedEmailProps {
  locale: Locale;
  kind: RefundNoticeKind;
  orderNumber: string;
  /** Already formatted in the order's currency and the e-mail's locale. */
  amount: string;
  orderUrl: string;
  siteUrl: string;
}

/** Tells the guest that money of an order came back to them, why, and what it means for their tickets. */
export function OrderRefundedEmail({ locale, kind, orderNumber, amount, orderUrl, siteUrl }: OrderRefundedEmailProps) {
  const t = orderRefundedMessages[locale];
  const copy = t.kinds[kind];
  return (
    <OrderUpdateLayout
      locale={locale}
      preview={copy.preview(orderNumber, amount)}
      heading={copy.heading}
      greeting={t.greeting}
      paragraphs={copy.body(orderNumber, amount)}
      summary={[
        { label: t.orderNumberLabel, value: orderNumber, testId: 'order-number' },
        { label: t.amountLabel, value: amount, testId: 'amount-refunded' },
      ]}
      afterSummary={t.statement}
      button={{ label: t.button, href: orderUrl }}
      notYou={t.notYou}
      footer={t.footer}
      siteUrl={siteUrl}
    />
  );
}
