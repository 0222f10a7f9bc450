// Well-formed requests for every gRPC method, aimed at one organisation: each method's own request message (its
// empty encoding decoded by the contract, so every field is there) with every id field set to that organisation's.
import { join } from 'node:path';
import { type GrpcMethod, grpcMethods } from '../surface';

export interface MethodDefinition {
  path: string;
  requestSerialize(value: unknown): Buffer;
  requestDeserialize(bytes: Buffer): Record<string, unknown>;
  responseDeserialize(bytes: Buffer): unknown;
}

export type ServiceName = 'identity' | 'catalog' | 'ordering' | 'payments' | 'ticketing' | 'notifications';

export const serviceOf = (path: string): ServiceName => /^\/kassa\.([a-z]+)\.v1\./.exec(path)![1] as ServiceName;

const genDir = join(__dirname, '..', '..', '..', 'proto', 'gen', 'kassa');

/** The contract's definition of a method found by grpcMethods(). */
export function definitionOf(method: GrpcMethod): MethodDefinition {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exports = require(join(genDir, method.module)) as Record<string, Record<string, MethodDefinition>>;
  const definition = Object.values(exports[`${method.service}Service`] ?? {}).find(
    (candidate) => candidate?.path === method.path,
  );
  if (!definition) throw new Error(`no definition of ${method.path} in proto/gen/kassa/${method.module}`);
  return definition;
}

export const allMethods = (): { method: GrpcMethod; definition: MethodDefinition }[] =>
  grpcMethods().map((method) => ({ method, definition: definitionOf(method) }));

/** The values a request aimed at an organisation carries, by field name (as ts-proto names the fields). */
export interface AimedIds {
  organisationId: string;
  eventId: string;
  ticketOptionId: string;
  shopId: string;
  itemId: string;
  discountCodeId: string;
  orderId: string;
  paymentId: string;
  ticketId: string;
  memberId: string;
  userId: string;
  invitationId: string;
  linkId: string;
  email: string;
  /** A real session token of the organisation's owner (one that was signed out: asking with it may end nothing). */
  sessionToken: string;
  scanSecret: string;
  deviceId: string;
}

/**
 * The request for `definition` with every id it has set from `ids` (lists of ids to one of them, scanner access to the
 * organisation's door).
 */
export function requestAimedAt(definition: MethodDefinition, ids: AimedIds): Record<string, unknown> {
  const request = definition.requestDeserialize(Buffer.alloc(0));
  const single: Record<string, string> = {
    organisationId: ids.organisationId,
    eventId: ids.eventId,
    entityId: ids.eventId,
    ticketOptionId: ids.ticketOptionId,
    shopId: ids.shopId,
    itemId: ids.itemId,
    discountCodeId: ids.discountCodeId,
    orderId: ids.orderId,
    paymentId: ids.paymentId,
    ticketId: ids.ticketId,
    memberId: ids.memberId,
    userId: ids.userId,
    actorUserId: ids.userId,
    invitationId: ids.invitationId,
    linkId: ids.linkId,
    email: ids.email,
    sessionToken: ids.sessionToken,
    deviceId: ids.deviceId,
  };
  const lists: Record<string, string[]> = {
    eventIds: [ids.eventId],
    itemIds: [ids.itemId],
    extraEventIds: [ids.eventId],
  };
  for (const key of Object.keys(request)) {
    if (key in single && typeof request[key] === 'string') request[key] = single[key];
    else if (key in lists && Array.isArray(request[key])) request[key] = lists[key];
  }
  if ('access' in request)
    request.access = { linkSecret: ids.scanSecret, organisationId: ids.organisationId, eventId: ids.eventId };
  // Encodable as it stands: a contract that rejects its own request would make every refusal meaningless.
  definition.requestSerialize(request);
  return request;
}
