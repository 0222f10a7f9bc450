import { bffRoutes, exportedMethods, grpcMethods, routePattern } from '../../surface';

describe('the surface found from the code', () => {
  it('reads the methods a route.ts exports, in either style, and nothing else', () => {
    expect(
      exportedMethods('export const GET = handler(async () => {});\nexport async function POST(request) {}'),
    ).toEqual(['GET', 'POST']);
    expect(exportedMethods('export function DELETE() {}\nconst PUT = 1;\n// export const PATCH = …')).toEqual([
      'DELETE',
    ]);
    expect(exportedMethods('export const GETTER = 1; export const dynamic = "force-dynamic";')).toEqual([]);
  });

  it('matches concrete paths to a route with dynamic segments, one segment per [param]', () => {
    const pattern = routePattern('/api/orders/[orderId]/tickets');
    expect(pattern.test('/api/orders/ord_123/tickets')).toBe(true);
    expect(pattern.test('/api/orders/ord_123/x/tickets')).toBe(false);
    expect(pattern.test('/api/orders//tickets')).toBe(false);
    expect(routePattern('/api/robots.txt').test('/api/robotsXtxt')).toBe(false);
    expect(routePattern('/docs/[...slug]').test('/docs/a/b')).toBe(true);
  });

  it('finds every BFF route handler with its methods', () => {
    const routes = bffRoutes();
    const byPath = new Map(routes.map((route) => [route.path, route.methods]));
    // A few that every step relies on, to show the finding works; the count follows the files.
    expect(byPath.get('/api/shops/[shopId]/checkout')).toEqual(['POST']);
    expect(byPath.get('/api/orders/[orderId]/tickets')).toEqual(['GET']);
    expect(byPath.get('/api/webhooks/stripe')).toEqual(['POST']);
    expect(routes.every((route) => route.methods.length > 0)).toBe(true);
    expect(routes.every((route) => route.file.startsWith('bff/app/') && route.file.endsWith('/route.ts'))).toBe(true);
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
  });

  it('finds every gRPC method of every service contract, and no event message', () => {
    const methods = grpcMethods();
    const paths = methods.map((method) => method.path);
    expect(paths).toContain('/kassa.ordering.v1.OrderService/Checkout');
    expect(paths).toContain('/kassa.ticketing.v1.ScanService/Scan');
    expect(paths).toContain('/kassa.identity.v1.OrganisationService/Authorize');
    expect(new Set(methods.map((method) => method.module.split('/')[0]))).toEqual(
      new Set(['catalog', 'identity', 'notifications', 'ordering', 'payments', 'ticketing']),
    );
    expect(methods.every((method) => /^\/kassa\.[a-z]+\.v1\.[A-Za-z]+\/[A-Z][A-Za-z]+$/.test(method.path))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
