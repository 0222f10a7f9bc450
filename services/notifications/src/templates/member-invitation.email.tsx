import type { Locale } from '@kassa/contracts/locales';
import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from '@react-email/components';
import { EmailFooter } from './email-footer';
import { emailStyles as styles } from './email-styles';
import { memberInvitationMessages } from './member-invitation.messages';

export interface MemberInvitationEmailProps {
  locale: Locale;
  organisationName: string;
  invitedBy: string;
  firstName: string;
  email: string;
  acceptUrl: string;
  /** The expiry, already formatted for the locale. */
  expiresOn: string;
  siteUrl: string;
}

/** An invitation to join an organisation's team, with the one link that accepts it. */
export function MemberInvitationEmail({
  locale,
  organisationName,
  invitedBy,
  firstName,
  email,
  acceptUrl,
  expiresOn,
  siteUrl,
}: MemberInvitationEmailProps) {
  const t = memberInvitationMessages[locale];
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{t.preview(invitedBy, organisationName)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {t.heading(organisationName)}
          </Heading>
          <Text style={styles.text}>{t.greeting(firstName)}</Text>
          <Text style={styles.text}>{t.intro(invitedBy, organisationName)}</Text>
          <Text style={styles.text}>{t.whatItIs}</Text>
          <Section style={styles.buttonSection}>
            <Button href={acceptUrl} style={styles.button} data-testid="accept-invitation">
              {t.button}
            </Button>
          </Section>
          <Text style={styles.text}>{t.validity(expiresOn)}</Text>
          <Text style={styles.text}>{t.sameAddress(email)}</Text>
          <Text style={styles.muted}>{t.linkHint}</Text>
          <Link href={acceptUrl} style={linkStyle}>
            {acceptUrl}
          </Link>
          <EmailFooter notYou={t.notYou} footer={t.footer} siteUrl={siteUrl} />
        </Container>
      </Body>
    </Html>
  );
}

const linkStyle = { color: '#3f3f46', fontSize: '13px', wordBreak: 'break-all' as const };
