import type { Locale } from '@kassa/contracts/locales';
import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components';
import type { RefundNoticeKind } from '../domain/order-refund-notice';
import { EmailFooter } from './email-footer';
import { emailStyles as styles } from './email-styles';
import { orderRefundedMessages } from './order-refunded.messages';

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
    <Html lang={locale}>
      <Head />
      <Preview>{copy.preview(orderNumber, amount)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {copy.heading}
          </Heading>
          <Text style={styles.text}>{t.greeting}</Text>
          {copy.body(orderNumber, amount).map((paragraph) => (
            <Text key={paragraph} style={styles.text}>
              {paragraph}
            </Text>
          ))}
          <Section style={styles.quote}>
            <Text style={styles.quoteLabel}>{t.orderNumberLabel}</Text>
            <Text style={summaryValue} data-testid="order-number">
              {orderNumber}
            </Text>
            <Text style={styles.quoteLabel}>{t.amountLabel}</Text>
            <Text style={summaryValue} data-testid="amount-refunded">
              {amount}
            </Text>
          </Section>
          <Text style={styles.text}>{t.statement}</Text>
          <Section style={buttonSection}>
            <Button href={orderUrl} style={button} data-testid="view-order">
              {t.button}
            </Button>
          </Section>
          <EmailFooter notYou={t.notYou} footer={t.footer} siteUrl={siteUrl} />
        </Container>
      </Body>
    </Html>
  );
}

const summaryValue = { color: '#18181b', fontSize: '15px', fontWeight: 600, margin: '0 0 8px' };
const buttonSection = { margin: '24px 0', textAlign: 'center' as const };
const button = {
  backgroundColor: '#18181b',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
