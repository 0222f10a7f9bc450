// The catalog demo data's names that others refer to, importable without side effects (seed.ts runs the seed when
// loaded; scripts/dev/seed-demo-orders.ts finds the demo shop by its name).

export const DEMO_SHOP_NAME = 'Summer Concert Tickets';
export const DEMO_UPCOMING_SHOP_NAME = 'Jazz Night Presale';
