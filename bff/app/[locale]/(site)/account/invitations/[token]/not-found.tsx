import { InvitationGoneScreen } from '@kassa/web/features/organisations/invitation-gone-screen';
import { Link } from '../../../../../../i18n/navigation';
import { ClientMessages } from '../../../../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../../../../server/site/client-messages';

// An invitation link that is unknown, used, revoked or expired: a 404 that says so in plain words.
export default function InvitationNotFound() {
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.invitation}>
      <InvitationGoneScreen accountHref="/account" Link={Link} />
    </ClientMessages>
  );
}
