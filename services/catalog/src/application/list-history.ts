import { NotFoundError, Violations, messages } from '@kassa/platform/errors';
import { pageInfo, readPage } from '@kassa/platform/paging';
import { isId } from '@kassa/platform/ids';
import type { ListHistoryRequest, ListHistoryResponse } from '@kassa/proto/catalog/v1/events';
import { HistoryEntryEntity } from '../persistence/history-entry.entity';
import { TicketOptionEntity } from '../persistence/ticket-option.entity';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { checkIds, loadEvent } from './catalog-records';
import { toHistoryEntryMessage } from './catalog-views';

/** An event's history (with its ticket options') or one ticket option's, newest first. */
export async function listHistory(
  ctx: CatalogContext,
  caller: Caller,
  request: ListHistoryRequest,
): Promise<ListHistoryResponse> {
  checkIds(request);
  const isEvent = isId('evt', request.entityId);
  if (!isEvent && !isId('tko', request.entityId)) new Violations().add('entityId', messages.idInvalid).throwIfAny();
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const page = readPage(request.page);
  const em = ctx.orm.em.fork();
  const scope = { organisationId: request.organisationId };
  if (isEvent) await loadEvent(em, request.organisationId, request.entityId);
  else {
    // A removed ticket option keeps its history until its event is removed; either one proves it is this organisation's.
    const known =
      (await em.count(TicketOptionEntity, { id: request.entityId, ...scope })) +
      (await em.count(HistoryEntryEntity, { entityId: request.entityId, ...scope }));
    if (known === 0) throw new NotFoundError('Ticket option not found');
  }
  const where = isEvent ? { groupId: request.entityId, ...scope } : { entityId: request.entityId, ...scope };
  const [entries, total] = await em.findAndCount(HistoryEntryEntity, where, {
    orderBy: { occurredAt: 'desc', id: 'desc' },
    limit: page.limit,
    offset: page.offset,
  });
  return { entries: entries.map(toHistoryEntryMessage), page: pageInfo(page, total) };
}
