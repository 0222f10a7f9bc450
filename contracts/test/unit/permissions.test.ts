import {
  grantablePermissions,
  isPermission,
  isPresetKey,
  PERMISSIONS,
  PRESETS,
  presetOf,
  sortPermissions,
} from '@kassa/contracts/permissions';

describe('presets', () => {
  it('are the specified sets', () => {
    expect(PERMISSIONS).toEqual([
      'owner',
      'organisation.settings',
      'members',
      'events',
      'shops',
      'orders.view',
      'orders.manage',
      'payments',
      'checkin',
    ]);
    expect(PRESETS.owner).toEqual(PERMISSIONS);
    expect(PRESETS.admin).toEqual(PERMISSIONS.filter((permission) => permission !== 'owner'));
    expect(PRESETS.box_office).toEqual(['orders.view', 'orders.manage', 'checkin']);
    expect(PRESETS.scanner).toEqual(['checkin']);
  });

  it.each(Object.entries(PRESETS))('%s is recognised from its own permissions', (key, permissions) => {
    expect(presetOf(permissions)).toBe(key);
  });

  it('compares as sets: order and duplicates do not matter', () => {
    expect(presetOf(['checkin', 'orders.manage', 'orders.view', 'checkin'])).toBe('box_office');
    expect(presetOf([...PRESETS.admin].reverse())).toBe('admin');
  });

  it('answers "" for a custom set, one permission short or one too many', () => {
    expect(presetOf(['orders.view', 'checkin'])).toBe('');
    expect(presetOf(['checkin', 'events'])).toBe('');
    expect(presetOf([])).toBe('');
  });
});

describe('the permission list', () => {
  it('keeps known permissions only, once each, in display order', () => {
    expect(sortPermissions(['checkin', 'superuser', 'events', 'checkin'])).toEqual(['events', 'checkin']);
    expect(isPermission('orders.view')).toBe(true);
    expect(isPermission('Orders.view')).toBe(false);
    expect(isPresetKey('box_office')).toBe(true);
    expect(isPresetKey('boxOffice')).toBe(false);
  });

  it('lets only an owner grant "owner"', () => {
    expect(grantablePermissions(['owner'])).toEqual(PERMISSIONS);
    expect(grantablePermissions(['members'])).toEqual(PERMISSIONS.filter((permission) => permission !== 'owner'));
  });
});
