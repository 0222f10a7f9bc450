import type { AsyncHandlers } from '@kassa/platform/grpc';
import type { PublicFormsServiceService } from '@kassa/proto/notifications/v1/notifications';
import { joinWaitlist } from '../application/join-waitlist';
import type { PublicFormsContext } from '../application/public-forms-context';
import { sendContactMessage } from '../application/send-contact-message';

/** The public site's forms; validation and rate-limit errors are mapped to statuses by the platform server. */
export function publicFormsHandlers(ctx: PublicFormsContext): AsyncHandlers<typeof PublicFormsServiceService> {
  return {
    async joinWaitlist(request) {
      await joinWaitlist(ctx, request);
      return {};
    },
    async sendContactMessage(request) {
      await sendContactMessage(ctx, request);
      return {};
    },
  };
}
