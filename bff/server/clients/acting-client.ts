// A gRPC client whose every call carries the signed-in user as the actor ("kassa-actor-user-id"). Services trust
// that metadata because only the BFF sets it: the proxy strips kassa-* headers from browsers, and the call's caller
// credential (signed with the BFF's own key for this method, actor and body) shows the BFF made the call.
import type { ClientCallOptions } from '@kassa/platform/grpc';

/** The client's methods with the actor already filled in. */
export type Acting<C> = Omit<C, 'close' | 'raw'>;

export function actingAs<C extends object>(client: C, userId: string): Acting<C> {
  return new Proxy(client, {
    get(target, name, receiver) {
      const member = Reflect.get(target, name, receiver) as unknown;
      if (typeof member !== 'function' || name === 'close') return member;
      return (request: unknown, options: ClientCallOptions = {}) =>
        (member as (request: unknown, options: ClientCallOptions) => Promise<unknown>).call(target, request, {
          ...options,
          actorUserId: userId,
        });
    },
  });
}
