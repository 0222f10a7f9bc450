'use client';
import { ClientSiteFrame } from '../../components/client-site-frame';
import { ForbiddenView } from '../../components/organisation-views';

// For forbidden() outside the dashboard frame (a layout's own check): answered with 403 under the site header.
export default function Forbidden() {
  return (
    <ClientSiteFrame>
      <ForbiddenView />
    </ClientSiteFrame>
  );
}
