import { ClientMessages } from '../../components/client-messages';
import { ClientSiteFrame } from '../../components/client-site-frame';
import { ForbiddenView } from '../../components/organisation-views';
import { CLIENT_MESSAGES } from '../../server/site/client-messages';

// For forbidden() outside the dashboard frame (a layout's own check): answered with 403 under the site header.
export default function Forbidden() {
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.forbidden}>
      <ClientSiteFrame>
        <ForbiddenView />
      </ClientSiteFrame>
    </ClientMessages>
  );
}
