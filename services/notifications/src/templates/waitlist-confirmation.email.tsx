import type { Locale } from '@kassa/contracts/locales';
import { Body, Container, Head, Heading, Html, Preview, Text } from '@react-email/components';
import { EmailFooter } from './email-footer';
import { emailStyles as styles } from './email-styles';
import { waitlistConfirmationMessages } from './waitlist-confirmation.messages';

export interface WaitlistConfirmationEmailProps {
  locale: Locale;
  siteUrl: string;
}

/** Confirms a place on the launch waitlist, in the visitor's language. */
export function WaitlistConfirmationEmail({ locale, siteUrl }: WaitlistConfirmationEmailProps) {
  const t = waitlistConfirmationMessages[locale];
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{t.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {t.heading}
          </Heading>
          <Text style={styles.text}>{t.greeting}</Text>
          <Text style={styles.text}>{t.intro}</Text>
          <Text style={styles.text}>{t.whatNext}</Text>
          <Text style={styles.text}>{t.promise}</Text>
          <EmailFooter notYou={t.notYou} footer={t.footer} siteUrl={siteUrl} />
        </Container>
      </Body>
    </Html>
  );
}
