import { messages, Violations } from '@kassa/platform/errors';
import type { AsyncHandlers } from '@kassa/platform/grpc';
import type { Message, NotificationsServiceService } from '@kassa/proto/notifications/v1/notifications';
import type { MikroORM } from '@mikro-orm/postgresql';
import { listMessages, type MessageWithHistory } from '../application/list-messages';

// A prefixed id (`sic_…`, `ord_…`, `usr_…`): three lower-case letters, '_', a 26-character ULID.
const subjectRefPattern = /^[a-z]{3}_[0-9a-hjkmnp-tv-z]{26}$/;

export function notificationsHandlers(orm: MikroORM): AsyncHandlers<typeof NotificationsServiceService> {
  return {
    async listMessages(request) {
      const v = new Violations();
      const subjectRef = v.string('subjectRef', request.subjectRef, { label: 'Subject reference', required: true });
      if (subjectRef && !subjectRefPattern.test(subjectRef)) v.add('subjectRef', messages.idInvalid);
      v.throwIfAny();
      const found = await listMessages(orm.em.fork(), subjectRef);
      return { messages: found.map(toProto) };
    },
  };
}

function toProto({ message, history }: MessageWithHistory): Message {
  return {
    id: message.id,
    template: message.template,
    recipient: message.recipient,
    subject: message.subject,
    status: message.status,
    history: history.map((change) => ({ status: change.status, occurredAt: change.occurredAt, detail: change.detail })),
    createdAt: message.createdAt,
    subjectRef: message.subjectRef,
  };
}
