import type { ConvertEventToDraftRequest, ConvertEventToDraftResponse } from '@kassa/proto/catalog/v1/events';
import type { CatalogContext, Caller } from './catalog-context';
import { changeEventStatus } from './change-event-status';

/** live or ended → draft (hidden from guests again); converting a draft succeeds without a change. */
export function convertEventToDraft(
  ctx: CatalogContext,
  caller: Caller,
  request: ConvertEventToDraftRequest,
): Promise<ConvertEventToDraftResponse> {
  return changeEventStatus(ctx, caller, request, 'converted_to_draft');
}
