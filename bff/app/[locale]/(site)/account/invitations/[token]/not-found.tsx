import { InvitationGoneScreen } from '@kassa/web/features/organisations/invitation-gone-screen';
import { Link } from '../../../../../../i18n/navigation';

// An invitation link that is unknown, used, revoked or expired: a 404 that says so in plain words.
export default function InvitationNotFound() {
  return <InvitationGoneScreen accountHref="/account" Link={Link} />;
}
