import type { Locale } from '@kassa/contracts/locales';
import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components';
import { EmailFooter } from './email-footer';
import { emailStyles as styles } from './email-styles';

/** One labelled value in the summary box (the order number, an amount). */
export interface SummaryRow {
  label: string;
  value: string;
  testId: string;
}

export interface OrderUpdateLayoutProps {
  locale: Locale;
  preview: string;
  heading: string;
  greeting: string;
  /** What happened and what it means, one paragraph each. */
  paragraphs: string[];
  summary: SummaryRow[];
  /** A paragraph under the summary (how long a refund takes), if any. */
  afterSummary?: string;
  button: { label: string; href: string };
  notYou: string;
  footer: string;
  siteUrl: string;
}

/** The shape of every e-mail about something that happened to an order: heading, words, summary, the order's link. */
export function OrderUpdateLayout(props: OrderUpdateLayoutProps) {
  return (
    <Html lang={props.locale}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {props.heading}
          </Heading>
          <Text style={styles.text}>{props.greeting}</Text>
          {props.paragraphs.map((paragraph) => (
            <Text key={paragraph} style={styles.text}>
              {paragraph}
            </Text>
          ))}
          <Section style={styles.quote}>
            {props.summary.map((row) => [
              <Text key={`${row.testId}-label`} style={styles.quoteLabel}>
                {row.label}
              </Text>,
              <Text key={row.testId} style={styles.summaryValue} data-testid={row.testId}>
                {row.value}
              </Text>,
            ])}
          </Section>
          {props.afterSummary && <Text style={styles.text}>{props.afterSummary}</Text>}
          <Section style={styles.buttonSection}>
            <Button href={props.button.href} style={styles.button} data-testid="view-order">
              {props.button.label}
            </Button>
          </Section>
          <EmailFooter notYou={props.notYou} footer={props.footer} siteUrl={props.siteUrl} />
        </Container>
      </Body>
    </Html>
  );
}
