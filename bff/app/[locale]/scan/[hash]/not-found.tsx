import { ScanLinkInvalidScreen } from '@kassa/web/features/scanner/scan-link-invalid-screen';

// An unknown or revoked scan link (ticketing answers both alike): a 404 that says so.
export default function ScanLinkNotFound() {
  return <ScanLinkInvalidScreen />;
}
