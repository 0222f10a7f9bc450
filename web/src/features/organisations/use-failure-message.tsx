import { useTranslations } from 'next-intl';
import type { ApiFailure } from '../../lib/api-result';

/** What a 409 means for the action that got it: the last-owner rule, or inviting someone who already is a member. */
export type ConflictMeaning = 'lastOwner' | 'alreadyMember' | 'server';

/**
 * A failed call as one sentence in the viewer's language. Field messages are shown under their fields by the
 * forms; this is the message above the form (or in the notice of a row action).
 */
export function useFailureMessage(): (failure: ApiFailure, conflict?: ConflictMeaning) => string {
  const t = useTranslations('Organisations.failure');
  const tErrors = useTranslations('Errors');
  return (failure, conflict = 'server') => {
    if (failure.timedOut) return tErrors('timeout');
    if (failure.status === 0) return t('network');
    if (failure.status === 400) return tErrors('genericForm');
    if (failure.status === 403) return t('forbidden');
    if (failure.status === 404) return t('notFound');
    if (failure.status === 409) return conflict === 'server' ? failure.message || tErrors('unexpected') : t(conflict);
    if (failure.status === 429) return tErrors('tooManyRequestsLater');
    if (failure.status === 503) return tErrors('unavailable');
    return tErrors('unexpected');
  };
}
