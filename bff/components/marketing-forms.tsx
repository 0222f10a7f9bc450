'use client';
// The public site's forms, bound to the BFF's route handlers in the visitor's language.
import { ContactForm } from '@kassa/web/features/marketing/contact-form';
import { WaitlistForm } from '@kassa/web/features/marketing/waitlist-form';
import type { ContactInput } from '@kassa/web/lib/public-form-rules';
import { useLocale } from 'next-intl';
import { Link } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

export function WaitlistFormContainer() {
  const locale = useLocale();
  return (
    <WaitlistForm
      joinWaitlist={({ email }) => callApi<{ ok: true }>('POST', '/api/waitlist', { email, locale })}
      privacyHref="/privacy"
      Link={Link}
    />
  );
}

export function ContactFormContainer() {
  const locale = useLocale();
  return (
    <ContactForm
      sendMessage={(input: ContactInput) => callApi<{ ok: true }>('POST', '/api/contact', { ...input, locale })}
    />
  );
}
