import { LocaleNotFound } from '../../components/locale-not-found';

// For notFound() called by a page under a locale (a missing event, later). Unknown paths go to app/not-found.tsx.
export default function NotFound() {
  return <LocaleNotFound />;
}
