import { Hr, Link, Text } from '@react-email/components';
import { emailStyles as styles } from './email-styles';

/** The end of every mail to a person: why they may ignore it, a rule, and the product's name linking to the site. */
export function EmailFooter({ notYou, footer, siteUrl }: { notYou: string; footer: string; siteUrl: string }) {
  return (
    <>
      <Text style={styles.muted}>{notYou}</Text>
      <Hr style={styles.rule} />
      <Link href={siteUrl} style={styles.footer}>
        {footer}
      </Link>
    </>
  );
}
