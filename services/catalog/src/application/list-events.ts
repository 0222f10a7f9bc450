import type { FilterQuery } from '@mikro-orm/core';
import { Violations, messages } from '@kassa/platform/errors';
import { pageInfo, readPage } from '@kassa/platform/paging';
import { likePattern } from '@kassa/platform/persistence';
import type { ListEventsRequest, ListEventsResponse } from '@kassa/proto/catalog/v1/events';
import { isEventStatus } from '../domain/event-status';
import { type CatalogEvent, EventEntity } from '../persistence/event.entity';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { checkIds } from './catalog-records';
import { toEventMessage } from './catalog-views';

/** The organisation's events, newest start first; search over name and city; deleted ones only when asked for. */
export async function listEvents(
  ctx: CatalogContext,
  caller: Caller,
  request: ListEventsRequest,
): Promise<ListEventsResponse> {
  checkIds(request);
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const violations = new Violations();
  request.statuses.forEach((status, index) => {
    if (!isEventStatus(status)) violations.add(`statuses.${index}`, messages.invalid('Status'));
  });
  violations.throwIfAny();
  const page = readPage(request.page);

  const where: FilterQuery<CatalogEvent> = {
    organisationId: request.organisationId,
    status: request.statuses.length > 0 ? { $in: request.statuses } : { $ne: 'deleted' },
  };
  const query = request.query.trim();
  if (query) where.$or = [{ name: { $ilike: likePattern(query) } }, { city: { $ilike: likePattern(query) } }];

  const em = ctx.orm.em.fork();
  const [events, total] = await em.findAndCount(EventEntity, where, {
    orderBy: { startsAt: 'desc', id: 'desc' },
    limit: page.limit,
    offset: page.offset,
  });
  const counts = new Map<string, number>();
  if (events.length > 0) {
    const rows: { event_id: string; count: number }[] = await em
      .getConnection()
      .execute('select event_id, count(*)::int as count from ticket_option where event_id in (?) group by event_id', [
        events.map((event) => event.id),
      ]);
    for (const row of rows) counts.set(row.event_id, row.count);
  }
  return {
    events: events.map((event) => toEventMessage(event, counts.get(event.id) ?? 0)),
    page: pageInfo(page, total),
  };
}
