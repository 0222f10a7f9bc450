import { sortPermissions } from '@kassa/contracts/permissions';
import { checkPermissions, hasPermission } from '../../src/domain/permissions';

describe('checkPermissions', () => {
  it('normalises to display order without duplicates', () => {
    expect(checkPermissions(['checkin', 'events', 'checkin', ' owner '])).toEqual({
      ok: true,
      permissions: ['owner', 'events', 'checkin'],
    });
    expect(sortPermissions(['payments', 'members'])).toEqual(['members', 'payments']);
  });

  it('needs at least one permission', () => {
    expect(checkPermissions([])).toEqual({ ok: false, message: 'At least 1 items are required' });
    expect(checkPermissions(undefined)).toEqual({ ok: false, message: 'At least 1 items are required' });
  });

  it('refuses an unknown permission', () => {
    expect(checkPermissions(['events', 'superuser'])).toEqual({ ok: false, message: 'Permissions is invalid' });
    expect(checkPermissions(['Events'])).toEqual({ ok: false, message: 'Permissions is invalid' });
  });

  it('hasPermission matches exact strings', () => {
    expect(hasPermission(['orders.view'], 'orders.view')).toBe(true);
    expect(hasPermission(['orders.view'], 'orders')).toBe(false);
  });
});
