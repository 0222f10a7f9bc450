import { PERMISSIONS, PRESETS, checkPermissions, hasPermission, normalisePermissions, presetOf } from '../../src/domain/permissions';

describe('presets', () => {
  it('are the specified sets', () => {
    expect(PERMISSIONS).toEqual(['owner', 'organisation.settings', 'members', 'events', 'shops', 'orders.view', 'orders.manage', 'payments', 'checkin']);
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

describe('checkPermissions', () => {
  it('normalises to display order without duplicates', () => {
    expect(checkPermissions(['checkin', 'events', 'checkin', ' owner '])).toEqual({ ok: true, permissions: ['owner', 'events', 'checkin'] });
    expect(normalisePermissions(['payments', 'members'])).toEqual(['members', 'payments']);
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
