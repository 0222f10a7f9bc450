// How each figure of `npm run verify` is counted, printed under its table: where the number comes from, and that it
// is counted apart from the mechanism it checks. The first rule whose section and start of the figure's name match
// says it; each section ends with a rule for the rest of its figures. Kept beside the figures' names: a new kind
// of figure gets its line here.
import type { VerifyFigure } from './figures';

interface CountingRule {
  section: string;
  /** The start of the figure's name; '' for the rest of the section. */
  startsWith: string;
  counted: string;
}

export const COUNTING_RULES: readonly CountingRule[] = [
  {
    section: 'load',
    startsWith: 'oversold at the end',
    counted:
      "by the reconciliation: the orders' own allocations (sold + held per quota) and ticketing's valid tickets against each capacity, not the quota counters the CHECK caps",
  },
  {
    section: 'load',
    startsWith: 'oversold at the worst',
    counted:
      "the orders' own allocations of live orders against each capacity, read from ordering's database every 250 ms from the first checkout until the platform is quiet",
  },
  {
    section: 'load',
    startsWith: 'control:',
    counted:
      'the same buyers, journeys (less the late payers) and concurrency, all at once, through the BFF of a platform whose ordering takes tickets unguarded (CHECK dropped), sampled as above, on a fresh shop up to five times until one oversells: it must come out above 0',
  },
  {
    section: 'load',
    startsWith: 'duplicate e-mails delivered',
    counted: 'at the SMTP inbox: every message received, grouped by recipient, subject and body',
  },
  {
    section: 'load',
    startsWith: '',
    counted:
      "by the load driver from every request it sent and answer it got (its ledger), and by reconciling every service's database with that ledger once the platform is quiet",
  },
  {
    section: 'faults',
    startsWith: 'crash points:',
    counted:
      'each purchase killed (kill -9) at a named step boundary, then every database reconciled once the platform settles; e-mails at the SMTP inbox',
  },
  {
    section: 'faults',
    startsWith: 'supervisor:',
    counted:
      "processes killed and servers restarted by the test itself during a purchase flow; orders from ordering's database, what guests were shown from their order pages, e-mails at the SMTP inbox",
  },
  {
    section: 'faults',
    startsWith: '',
    counted: "reconciling every service's database (and the SMTP inbox) with the purchases made, after the faults",
  },
  {
    section: 'bad input',
    startsWith: 'database tables changed',
    counted: 'a digest of every table of the six databases before and after the fuzzing',
  },
  {
    section: 'bad input',
    startsWith: 'events published',
    counted: 'messages on every stream of the namespace, before and after the fuzzing',
  },
  {
    section: 'bad input',
    startsWith: '',
    counted: 'each fuzzed request and its answer (status, gRPC code, message), routes and methods found from the code',
  },
  {
    section: 'authorisation',
    startsWith: 'gRPC calls the BFF made',
    counted: 'a recording proxy between the BFF and the services, apart from the BFF',
  },
  {
    section: 'authorisation',
    startsWith: 'tables of A',
    counted: "a digest of the first organisation's tables before and after the attempts",
  },
  {
    section: 'authorisation',
    startsWith: '',
    counted:
      'each request sent as another organisation or with forged headers or credentials, and its answer; routes and methods found from the code',
  },
  {
    section: 'abuse',
    startsWith: 'content policy:',
    counted:
      'in Chromium: a script and an event handler injected into each page as it arrives, seen running or not on the page; control: the policy header removed',
  },
  {
    section: 'abuse',
    startsWith: 'security headers:',
    counted: 'the headers of each answer to every page and GET route found from the code; control: a bare server',
  },
  {
    section: 'abuse',
    startsWith: 'capability links:',
    counted:
      "a walk of the ids next to a real order's and tickets' ids through the BFF's pages and API; control: the real ids with their keys",
  },
  {
    section: 'abuse',
    startsWith: 'event bus:',
    counted:
      "connections and publishes tried against NATS with each service's credentials and none, seen accepted or refused by the server",
  },
  {
    section: 'abuse',
    startsWith: 'demo provider',
    counted: 'payments started with production settings, and the chart rendered, as an operator would',
  },
  {
    section: 'abuse',
    startsWith: 'holds:',
    counted: "tickets held per address, counted from ordering's orders; control: the caps lifted",
  },
  { section: 'abuse', startsWith: 'discount codes:', counted: 'the answers to guessed codes per address and shop' },
  {
    section: 'abuse',
    startsWith: 'secrets',
    counted: 'known secret shapes and the running secret values searched for in the files named',
  },
  {
    section: 'abuse',
    startsWith: '',
    counted:
      'each attack request and its answer, and the databases (or the SMTP inbox) read afterwards for what it changed',
  },
];

type Named = Pick<VerifyFigure, 'section' | 'figure'>;

/** The rule that counts a figure: the first of its section that its name starts with. */
const ruleOf = (figure: Named): CountingRule | undefined =>
  COUNTING_RULES.find((rule) => rule.section === figure.section && figure.figure.startsWith(rule.startsWith));

/** How one figure is counted (undefined for a section no rule knows). */
export const howCounted = (figure: Named): string | undefined => ruleOf(figure)?.counted;

/** Lines under the table: each rule that counts a figure of the table, once, in the table's order. */
export function countingLines(figures: readonly Named[]): string[] {
  const used: CountingRule[] = [];
  for (const figure of figures) {
    const rule = ruleOf(figure);
    if (rule && !used.includes(rule)) used.push(rule);
  }
  return used.map(
    (rule) =>
      `  ${rule.section}${rule.startsWith ? ` / ${rule.startsWith}…` : ' / the other figures'}: ${rule.counted}`,
  );
}
