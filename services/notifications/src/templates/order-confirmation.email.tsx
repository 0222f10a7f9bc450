import type { Locale } from '@kassa/contracts/locales';
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import {
  eventsOfTicket,
  formatEventTime,
  formatLocation,
  type OrderConfirmationPayload,
  qrContentId,
  ticketPageLink,
} from '../domain/order-confirmation';
import { formatAmount, orderPageLink } from '../domain/order-refund-notice';
import { EmailFooter } from './email-footer';
import { emailStyles as styles } from './email-styles';
import { orderConfirmationMessages } from './order-confirmation.messages';

export interface OrderConfirmationEmailProps {
  locale: Locale;
  payload: OrderConfirmationPayload;
  siteUrl: string;
  /** Whether an Apple Wallet pass per ticket is attached. */
  walletPasses: boolean;
}

/**
 * The guest's tickets: each with its QR code (inline image, cid:), reference and a link to its page; the events they
 * grant; what was paid. The same tickets are attached as a PDF (and as Wallet passes when configured).
 */
export function OrderConfirmationEmail({ locale, payload, siteUrl, walletPasses }: OrderConfirmationEmailProps) {
  const t = orderConfirmationMessages[locale];
  const money = (amountMinor: number) => formatAmount(amountMinor, payload.currency, locale);
  const showEventsPerTicket = payload.events.length > 1;
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{t.preview(payload.orderNumber, payload.tickets.length)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {t.heading}
          </Heading>
          <Text style={styles.text}>{t.greeting}</Text>
          <Text style={styles.text}>{t.intro(payload.orderNumber)}</Text>
          <Text style={styles.text}>{t.howTo}</Text>

          <Heading as="h2" style={subheading}>
            {t.eventsHeading(payload.events.length)}
          </Heading>
          {payload.events.map((event) => (
            <Section key={event.id} style={eventBlock} data-testid="event">
              <Text style={eventName}>{event.name}</Text>
              {event.startsAt ? <Text style={detail}>{formatEventTime(event, locale)}</Text> : null}
              {formatLocation(event) ? <Text style={detail}>{formatLocation(event)}</Text> : null}
            </Section>
          ))}

          <Heading as="h2" style={subheading}>
            {t.ticketsHeading}
          </Heading>
          {payload.tickets.map((ticket) => (
            <Section key={ticket.id} style={styles.quote} data-testid="ticket">
              <Img
                src={`cid:${qrContentId(ticket)}`}
                width="200"
                height="200"
                alt={t.qrAlt(ticket.reference)}
                style={qrImage}
              />
              <Text style={ticketItem}>{ticket.itemName}</Text>
              <Text style={detail}>{t.ticketOf(ticket.position, ticket.ofCount)}</Text>
              {showEventsPerTicket ? (
                <Text style={detail}>
                  {t.admitsTo}:{' '}
                  {eventsOfTicket(payload, ticket)
                    .map((event) => event.name)
                    .join(', ')}
                </Text>
              ) : null}
              <Text style={styles.quoteLabel}>{t.referenceLabel}</Text>
              <Text style={reference} data-testid="ticket-reference">
                {ticket.reference}
              </Text>
              <Link href={ticketPageLink(siteUrl, locale, ticket)} style={link} data-testid="ticket-link">
                {t.openTicket}
              </Link>
            </Section>
          ))}
          <Text style={styles.text}>{t.attachmentsNote(walletPasses)}</Text>

          <Heading as="h2" style={subheading}>
            {t.summaryHeading}
          </Heading>
          <Text style={styles.quoteLabel}>{t.orderNumberLabel}</Text>
          <Text style={orderNumber} data-testid="order-number">
            {payload.orderNumber}
          </Text>
          <Section>
            {payload.lines.map((line, index) => (
              <Row key={`${line.name}-${index}`} data-testid="order-line">
                <Column style={cellLeft}>
                  <Text style={lineName}>{line.name}</Text>
                  <Text style={detail}>{t.lineQuantity(line.quantity, money(line.unitPriceMinor))}</Text>
                </Column>
                <Column style={cellRight}>
                  <Text style={amount}>{money(line.totalMinor)}</Text>
                </Column>
              </Row>
            ))}
          </Section>
          <Section style={totals}>
            <MoneyRow label={t.subtotal} value={money(payload.subtotalMinor)} />
            {payload.discountMinor > 0 ? (
              <MoneyRow label={t.discount(payload.discountCode)} value={`−${money(payload.discountMinor)}`} />
            ) : null}
            {payload.donationMinor > 0 ? <MoneyRow label={t.donation} value={money(payload.donationMinor)} /> : null}
            {payload.feeMinor > 0 ? <MoneyRow label={t.fee} value={money(payload.feeMinor)} /> : null}
            <MoneyRow label={t.total} value={money(payload.totalMinor)} strong />
          </Section>
          <Section style={styles.buttonSection}>
            <Button
              href={orderPageLink(siteUrl, locale, payload.orderId, payload.orderAccessKey)}
              style={styles.button}
              data-testid="view-order"
            >
              {t.viewOrder}
            </Button>
          </Section>
          <EmailFooter notYou={t.notYou} footer={t.footer} siteUrl={siteUrl} />
        </Container>
      </Body>
    </Html>
  );
}

function MoneyRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const style = strong ? { ...amount, fontWeight: 700 } : amount;
  return (
    <Row>
      <Column style={cellLeft}>
        <Text style={strong ? { ...lineName, fontWeight: 700 } : lineName}>{label}</Text>
      </Column>
      <Column style={cellRight}>
        <Text style={style}>{value}</Text>
      </Column>
    </Row>
  );
}

const subheading = { color: '#18181b', fontSize: '17px', fontWeight: 600, margin: '24px 0 8px' };
const eventBlock = { margin: '0 0 12px' };
const eventName = { color: '#18181b', fontSize: '15px', fontWeight: 600, margin: '0 0 2px' };
const detail = { color: '#52525b', fontSize: '13px', lineHeight: '20px', margin: '0 0 2px' };
const qrImage = { display: 'block', margin: '0 auto 12px', backgroundColor: '#ffffff' };
const ticketItem = { color: '#18181b', fontSize: '15px', fontWeight: 600, margin: '0 0 2px' };
const reference = {
  color: '#18181b',
  fontFamily: 'Menlo, Consolas, monospace',
  fontSize: '18px',
  fontWeight: 700,
  letterSpacing: '1px',
  margin: '0 0 8px',
};
const link = { color: '#15803d', fontSize: '14px', fontWeight: 600 };
const orderNumber = {
  color: '#18181b',
  fontFamily: 'Menlo, Consolas, monospace',
  fontSize: '15px',
  fontWeight: 600,
  margin: '0 0 12px',
};
const lineName = { color: '#3f3f46', fontSize: '14px', margin: '0' };
const amount = { color: '#18181b', fontSize: '14px', margin: '0', textAlign: 'right' as const };
const cellLeft = { padding: '4px 0', verticalAlign: 'top' as const };
const cellRight = { padding: '4px 0', verticalAlign: 'top' as const, textAlign: 'right' as const, width: '120px' };
const totals = { borderTop: '1px solid #e4e4e7', marginTop: '8px', paddingTop: '8px' };
