// ticketing's business instruments (the "Business" table of the metrics contract), counted once the transaction
// that made the fact has committed.
import { checkoutFunnel, counter, labelSets } from '@kassa/platform/metrics';
import { SCAN_RESULTS } from './domain/scan-decision';

export const ticketsIssued = counter('kassa.tickets.issued', 'Tickets issued: paid, with a signed code');
export const ticketsVoided = counter(
  'kassa.tickets.voided',
  'Issued tickets canceled (their codes revoked): orders canceled or refunded in full',
);
/** result: the scan's outcome word (domain/scan-decision.ts SCAN_RESULTS); mode: online (Scan) or offline (synced). */
export const scans = counter('kassa.scans', 'Scan decisions at the door, by result and by online or offline');

/** At start-up: every series this service counts, at 0 (see Counter.initialise). */
export function initialiseTicketingMetrics(): void {
  checkoutFunnel.initialise(['tickets_issued']);
  ticketsIssued.initialise();
  ticketsVoided.initialise();
  scans.initialise(labelSets({ result: SCAN_RESULTS, mode: ['online', 'offline'] }));
}
