import { ForbiddenView } from '../../../../components/organisation-views';

// For forbidden() from a page under /o/{orgId}: answered with 403, inside the dashboard frame.
export default function Forbidden() {
  return <ForbiddenView />;
}
