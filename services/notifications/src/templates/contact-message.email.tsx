import type { Locale } from '@kassa/contracts/locales';
import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { Fragment } from 'react';
import { contactMessageMessages as t } from './contact-message.messages';
import { emailStyles as styles } from './email-styles';

export interface ContactMessageEmailProps {
  name: string;
  email: string;
  message: string;
  /** The visitor's language. */
  visitorLocale: Locale;
}

/**
 * A contact form message for the operators. The visitor's words are plain text (React escapes them);
 * line breaks become <br>, which both the HTML and the plain-text part keep.
 */
export function ContactMessageEmail({ name, email, message, visitorLocale }: ContactMessageEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{t.preview(name)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {t.heading}
          </Heading>
          <Text style={styles.text}>
            <strong>{t.nameLabel}:</strong> {name || t.noName}
            <br />
            <strong>{t.emailLabel}:</strong> {email}
            <br />
            <strong>{t.languageLabel}:</strong> {t.languages[visitorLocale]}
          </Text>
          <Section style={styles.quote}>
            <Text style={styles.quoteLabel}>{t.messageLabel}</Text>
            <Text style={styles.text} data-testid="contact-message">
              {message.split(/\r?\n/).map((line, index) => (
                <Fragment key={index}>
                  {index > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </Text>
          </Section>
          <Text style={styles.muted}>{t.replyHint}</Text>
          <Hr style={styles.rule} />
          <Text style={styles.footer}>{t.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}
