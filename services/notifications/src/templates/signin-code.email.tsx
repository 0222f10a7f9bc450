import type { Locale } from '@kassa/contracts/locales';
import { Body, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components';
import { EmailFooter } from './email-footer';
import { signInCodeMessages } from './signin-code.messages';

export interface SignInCodeEmailProps {
  locale: Locale;
  code: string;
  /** True when the address has no account yet: the mail welcomes instead of greeting back. */
  newAccount: boolean;
  displayName: string;
  validityMinutes: number;
  siteUrl: string;
}

/** The one-time sign-in code, shown large so it is easy to read and copy. */
export function SignInCodeEmail({
  locale,
  code,
  newAccount,
  displayName,
  validityMinutes,
  siteUrl,
}: SignInCodeEmailProps) {
  const t = signInCodeMessages[locale];
  const variant = newAccount ? 'welcome' : 'signIn';
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{t.preview(code)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {t.heading[variant]}
          </Heading>
          <Text style={styles.text}>{t.greeting(displayName)}</Text>
          <Text style={styles.text}>{t.intro[variant]}</Text>
          <Section style={styles.codeBox}>
            <Text style={styles.codeLabel}>{t.codeLabel}</Text>
            <Text style={styles.code} data-testid="signin-code">
              {code}
            </Text>
          </Section>
          <Text style={styles.text}>{t.validity(validityMinutes)}</Text>
          <EmailFooter notYou={t.notYou} footer={t.footer} siteUrl={siteUrl} />
        </Container>
      </Body>
    </Html>
  );
}

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: font, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '480px', padding: '32px' },
  heading: { color: '#18181b', fontSize: '22px', fontWeight: 600, margin: '0 0 16px' },
  text: { color: '#3f3f46', fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' },
  codeBox: {
    backgroundColor: '#f4f4f5',
    borderRadius: '6px',
    margin: '20px 0',
    padding: '16px',
    textAlign: 'center' as const,
  },
  codeLabel: { color: '#71717a', fontSize: '13px', margin: '0 0 4px' },
  code: {
    color: '#18181b',
    fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
    fontSize: '36px',
    fontWeight: 700,
    letterSpacing: '8px',
    margin: 0,
  },
};
