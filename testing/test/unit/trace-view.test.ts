import type { ReceivedSpan } from '@kassa/platform/testing';
import { summariseTraces, traceTree, traceViewPage } from '../../src/trace-view';

const TRACE_A = 'a'.repeat(32);
const TRACE_B = 'b'.repeat(32);

function span(fields: Partial<ReceivedSpan> & Pick<ReceivedSpan, 'spanId' | 'name'>): ReceivedSpan {
  return {
    traceId: TRACE_A,
    parentSpanId: '',
    kind: 'internal',
    serviceName: 'bff',
    attributes: {},
    startTimeMs: 1_000,
    durationMs: 10,
    status: 'unset',
    ...fields,
  };
}

// A purchase as it arrives: out of order, the consumer's span before its producer's.
const spans: ReceivedSpan[] = [
  span({
    spanId: '3',
    parentSpanId: '2',
    name: 'kassa.ordering.order.paid process',
    kind: 'consumer',
    serviceName: 'ticketing',
    startTimeMs: 1_040,
    durationMs: 30,
    attributes: { 'messaging.destination.name': 'kassa.ordering.order.paid' },
  }),
  span({
    spanId: '1',
    name: 'POST',
    kind: 'server',
    startTimeMs: 1_000,
    durationMs: 20,
    attributes: { 'url.path': '/api/payments/pay_1/demo' },
  }),
  span({
    spanId: '2',
    parentSpanId: '1',
    name: 'kassa.ordering.order.paid publish',
    kind: 'producer',
    serviceName: 'ordering',
    startTimeMs: 1_030,
    durationMs: 5,
  }),
  span({
    spanId: '4',
    parentSpanId: '1',
    name: 'smtp <send>',
    serviceName: 'notifications',
    startTimeMs: 1_010,
    durationMs: 100,
    status: 'error',
  }),
  span({ traceId: TRACE_B, spanId: '9', parentSpanId: 'gone', name: 'orphan <b>', startTimeMs: 5_000, durationMs: 1 }),
];

describe('the local trace view', () => {
  it('lists traces newest first with their root, size, services, duration and errors', () => {
    const [newest, older] = summariseTraces(spans);
    expect(newest).toMatchObject({ traceId: TRACE_B, spanCount: 1, services: ['bff'] });
    expect(newest!.root.spanId).toBe('9');
    expect(older).toMatchObject({
      traceId: TRACE_A,
      spanCount: 4,
      services: ['bff', 'notifications', 'ordering', 'ticketing'],
      startTimeMs: 1_000,
      durationMs: 110,
      hasError: true,
    });
    expect(older!.root.spanId).toBe('1');
  });

  it('draws one trace depth first, children in the order they started', () => {
    expect(traceTree(spans, TRACE_A).map(({ span: s, depth }) => `${depth}:${s.spanId}`)).toEqual([
      '0:1',
      '1:4',
      '1:2',
      '2:3',
    ]);
    expect(traceTree(spans, TRACE_B).map(({ depth }) => depth)).toEqual([0]);
  });

  it('serves /traces and /traces/{id} as escaped HTML, 404 for an unknown trace, and nothing else', () => {
    const list = traceViewPage('/traces', spans)!;
    expect(list.contentType).toContain('text/html');
    expect(list.body).toContain(`href="/traces/${TRACE_A}"`);
    expect(list.body).toContain('orphan &#60;b&#62;');
    expect(list.body).not.toContain('orphan <b>');
    const tree = traceViewPage(`/traces/${TRACE_A}`, spans)!;
    expect(tree.body.indexOf('kassa.ordering.order.paid publish')).toBeLessThan(
      tree.body.indexOf('kassa.ordering.order.paid process'),
    );
    expect(tree.body).toContain('/api/payments/pay_1/demo');
    expect(traceViewPage(`/traces/${'c'.repeat(32)}`, spans)!.status).toBe(404);
    expect(traceViewPage('/api/other', spans)).toBeUndefined();
  });
});
