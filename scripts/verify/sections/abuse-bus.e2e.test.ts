// `npm run verify`'s abuse section, its event bus part. A compromised pod holds one service's NATS credentials: it must
// not be able to publish another service's events (ticketing issuing tickets for an `order.paid` nobody paid) nor read
// them, and a pod with no credentials must not connect at all. The probe publishes and subscribes as each service's
// user in a throw-away namespace (no stream captures it) and counts what NATS let through, telling "refused" (a
// permissions violation) from "allowed" (no responders).
//
// Its control: the same probe, the same attempts, with the admin's credentials (no permission guard) in place of each
// service's: every attempt goes through, so the main figure is shown able to go wrong.
import { anonymousAccepted, probeForgery, probeForgeryWithoutGuard } from '../../lib/nats/bus-probe';
import { mustBeZero, mustEqual, recordFigures } from '../figures';

const SECTION = 'abuse';

describe('the event bus', () => {
  it('refuses anonymous connections and every forged publish or foreign subscription by a service; without the guard all pass', async () => {
    const anonymous = await anonymousAccepted();
    const guarded = await probeForgery();
    const control = await probeForgeryWithoutGuard();
    recordFigures(SECTION, [
      mustBeZero(
        SECTION,
        'event bus: anonymous connections accepted',
        anonymous ? 1 : 0,
        'one connection to 127.0.0.1:4222 without credentials',
      ),
      mustBeZero(
        SECTION,
        'event bus: forged publishes and foreign subscriptions accepted',
        guarded.accepted,
        `${guarded.attempts} attempts as the six services' users (each other service's subjects, '>', '_INBOX.>'), counted by NATS's answer to each`,
      ),
      mustEqual(
        SECTION,
        "event bus: each service's own subject accepted (the probe sees an open door)",
        guarded.ownAllowed,
        guarded.ownAttempts,
      ),
      mustEqual(
        SECTION,
        'event bus: the same attempts with no guard (control, admin credentials)',
        control.accepted,
        control.attempts,
      ),
    ]);
    expect(anonymous).toBe(false);
    expect(guarded.leaks).toEqual([]);
    expect(guarded.ownAllowed).toBe(guarded.ownAttempts);
    expect(control.accepted).toBe(control.attempts);
  }, 120_000);
});
