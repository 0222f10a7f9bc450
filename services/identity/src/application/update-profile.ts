import { UnauthenticatedError, Violations, messages } from '@kassa/platform/errors';
import type { UpdateProfileRequest, UpdateProfileResponse } from '@kassa/proto/identity/v1/identity';
import { checkDisplayName } from '../domain/display-name';
import { isLocale } from '@kassa/contracts/locales';
import { UserEntity } from '../persistence/user.entity';
import { NO_SESSION, requireActiveSession } from './authenticated-session';
import type { IdentityContext } from './identity-context';
import { toUserMessage } from './user-view';

/** Changes the caller's own name and/or preferred locale; unset fields keep their value. */
export async function updateProfile(
  ctx: IdentityContext,
  request: UpdateProfileRequest,
): Promise<UpdateProfileResponse> {
  const changes = validate(request);
  return ctx.orm.em.fork().transactional(async (em) => {
    const session = await requireActiveSession(em, request.sessionToken, ctx.now());
    const user = await em.findOne(UserEntity, { id: session.userId });
    if (!user) throw new UnauthenticatedError(NO_SESSION);
    if (changes.displayName !== undefined) user.displayName = changes.displayName;
    if (changes.locale !== undefined) user.locale = changes.locale;
    ctx.logger.info({ userId: user.id, fields: Object.keys(changes) }, 'profile updated');
    return { user: toUserMessage(user) };
  });
}

function validate(request: UpdateProfileRequest): { displayName?: string; locale?: string } {
  const violations = new Violations();
  const changes: { displayName?: string; locale?: string } = {};
  if (request.displayName !== undefined) {
    // Once a person edits their name it must say something: clearing it is refused rather than stored blank.
    const checked = checkDisplayName(request.displayName);
    if (!checked.ok) violations.add('display_name', checked.message);
    else if (checked.displayName === '') violations.add('display_name', messages.required('Name'));
    else changes.displayName = checked.displayName;
  }
  if (request.locale !== undefined) {
    const locale = violations.string('locale', request.locale, {
      label: 'Language',
      required: true,
      check: isLocale,
    });
    if (!violations.all.some((violation) => violation.field === 'locale')) changes.locale = locale;
  }
  violations.throwIfAny();
  return changes;
}
