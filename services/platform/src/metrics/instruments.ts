import { metrics, type Attributes, type BatchObservableCallback, type Observable } from '@opentelemetry/api';

/**
 * Instruments bound to whichever meter provider is current when they are used. The metrics API has no proxy
 * provider (unlike tracing): an instrument created before startTelemetry, or kept across a test's restart of it,
 * would record into a no-op meter forever.
 */
const METER_NAME = 'kassa';

function bound<T>(create: () => T): () => T {
  let provider: unknown;
  let instrument: T | undefined;
  return () => {
    const current = metrics.getMeterProvider();
    if (current !== provider || instrument === undefined) {
      provider = current;
      instrument = create();
    }
    return instrument;
  };
}

export interface Counter {
  add(value: number, attributes?: Attributes): void;
  /**
   * Exports these series at 0 before anything happened. Prometheus' `increase()` and `rate()` see an event only as
   * a change between two scrapes: a series born at 1 hides its first event (the first parked message would never
   * alert). Call at start-up with every label set the counter will take.
   */
  initialise(attributeSets?: Attributes[]): void;
}
export interface Histogram {
  record(value: number, attributes?: Attributes): void;
}

/** A monotonic counter; Prometheus shows `kassa.orders` as `kassa_orders_total`. */
export function counter(name: string, description: string): Counter {
  const get = bound(() => metrics.getMeter(METER_NAME).createCounter(name, { description }));
  return {
    add: (value, attributes) => get().add(value, attributes),
    initialise: (attributeSets = [{}]) => attributeSets.forEach((attributes) => get().add(0, attributes)),
  };
}

/** Every combination of the given label values: `labelSets({ a: ['x', 'y'], b: ['z'] })` → [{a:'x',b:'z'}, {a:'y',b:'z'}]. */
export function labelSets(values: Record<string, readonly string[]>): Attributes[] {
  return Object.entries(values).reduce<Attributes[]>(
    (sets, [key, options]) => sets.flatMap((set) => options.map((option) => ({ ...set, [key]: option }))),
    [{}],
  );
}

/** Durations in seconds (the name ends in `.seconds`), with buckets from 5 ms to 30 s unless given. */
export function secondsHistogram(
  name: string,
  description: string,
  boundaries = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
): Histogram {
  const get = bound(() =>
    metrics
      .getMeter(METER_NAME)
      .createHistogram(name, { description, advice: { explicitBucketBoundaries: boundaries } }),
  );
  return { record: (value, attributes) => get().record(value, attributes) };
}

export interface GaugeDefinition {
  name: string;
  description: string;
}

/**
 * Gauges read at scrape time (a count in the database, a queue's depth), observed together by one callback that
 * may do I/O. Returns the function that stops observing (call it on shutdown).
 */
export function observeGauges<K extends string>(
  definitions: Record<K, GaugeDefinition>,
  observe: (record: (gauge: K, value: number, attributes?: Attributes) => void) => Promise<void>,
): () => void {
  const meter = metrics.getMeter(METER_NAME);
  const gauges = Object.fromEntries(
    Object.entries<GaugeDefinition>(definitions).map(([key, definition]) => [
      key,
      meter.createObservableGauge(definition.name, { description: definition.description }),
    ]),
  ) as Record<K, Observable>;
  const callback: BatchObservableCallback = async (result) => {
    await observe((gauge, value, attributes) => result.observe(gauges[gauge], value, attributes));
  };
  const observables = Object.values<Observable>(gauges);
  meter.addBatchObservableCallback(callback, observables);
  return () => meter.removeBatchObservableCallback(callback, observables);
}
