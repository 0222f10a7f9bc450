export {
  counter,
  secondsHistogram,
  observeGauges,
  labelSets,
  type Counter,
  type Histogram,
  type GaugeDefinition,
} from './instruments';
export { checkoutFunnel, CHECKOUT_FUNNEL_STAGES, type CheckoutFunnelStage } from './checkout-funnel';
