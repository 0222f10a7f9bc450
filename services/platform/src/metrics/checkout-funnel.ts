import { counter, labelSets } from './instruments';

/**
 * The checkout funnel is one counter across services, each counting the stage it owns once per order: ordering
 * `reserved` and `paid`, ticketing `tickets_issued`, notifications `email_sent`. One name, so a dashboard reads the
 * whole funnel from one series.
 */
export const CHECKOUT_FUNNEL_STAGES = ['reserved', 'paid', 'tickets_issued', 'email_sent'] as const;
export type CheckoutFunnelStage = (typeof CHECKOUT_FUNNEL_STAGES)[number];

const funnel = counter(
  'kassa.checkout.funnel',
  'Orders reaching a stage of the checkout funnel: reserved → paid → tickets_issued → email_sent',
);

export const checkoutFunnel = {
  count(stage: CheckoutFunnelStage): void {
    funnel.add(1, { stage });
  },
  /** At start-up: the stages this service counts, exported at 0. */
  initialise(stages: readonly CheckoutFunnelStage[]): void {
    funnel.initialise(labelSets({ stage: stages }));
  },
};
