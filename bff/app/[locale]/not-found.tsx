import { ClientMessages } from '../../components/client-messages';
import { LocaleNotFound } from '../../components/locale-not-found';
import { CLIENT_MESSAGES } from '../../server/site/client-messages';

// For notFound() called by a page under a locale (a missing event, later). Unknown paths go to app/not-found.tsx.
export default function NotFound() {
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.notFound}>
      <LocaleNotFound />
    </ClientMessages>
  );
}
