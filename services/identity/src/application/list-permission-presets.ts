import type { ListPermissionPresetsResponse } from '@kassa/proto/identity/v1/organisations';
import { PERMISSIONS, PRESETS, PRESET_KEYS } from '@kassa/contracts/permissions';
import { type ActorRef, requireActor } from './organisation-access';

/** The presets, most powerful first, and every permission in display order. */
export function listPermissionPresets(actor: ActorRef): ListPermissionPresetsResponse {
  requireActor(actor);
  return {
    presets: PRESET_KEYS.map((key) => ({ key, permissions: [...PRESETS[key]] })),
    permissions: [...PERMISSIONS],
  };
}
