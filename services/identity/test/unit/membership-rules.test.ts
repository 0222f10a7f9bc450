import { isOwner, mayChangePermissions, mayInvite, mayRemove, touchesOwner } from '../../src/domain/membership-rules';
import { PRESETS } from '@kassa/contracts/permissions';

const member = (id: string, permissions: readonly string[]) => ({ id, permissions });
const owner = member('mem_owner', PRESETS.owner);
const secondOwner = member('mem_owner2', PRESETS.owner);
const admin = member('mem_admin', PRESETS.admin);
const boxOffice = member('mem_box', PRESETS.box_office);

describe('mayInvite', () => {
  it('needs "members"', () => {
    expect(mayInvite(boxOffice, ['checkin'])).toBe('permission-denied');
    expect(mayInvite(admin, PRESETS.admin)).toBeNull();
  });
  it('needs "owner" to invite an owner', () => {
    expect(mayInvite(admin, PRESETS.owner)).toBe('permission-denied');
    expect(mayInvite(owner, PRESETS.owner)).toBeNull();
  });
});

describe('mayChangePermissions', () => {
  it('needs "members"', () => {
    expect(mayChangePermissions(boxOffice, admin, PRESETS.scanner, 1)).toBe('permission-denied');
    expect(mayChangePermissions(admin, boxOffice, PRESETS.scanner, 1)).toBeNull();
  });
  it('only owners grant or take away "owner"', () => {
    expect(touchesOwner(PRESETS.admin, PRESETS.owner)).toBe(true);
    expect(touchesOwner(PRESETS.admin, PRESETS.scanner)).toBe(false);
    expect(mayChangePermissions(admin, admin, PRESETS.owner, 1)).toBe('permission-denied');
    expect(mayChangePermissions(admin, boxOffice, PRESETS.owner, 1)).toBe('permission-denied');
    expect(mayChangePermissions(admin, owner, PRESETS.admin, 2)).toBe('permission-denied');
    expect(mayChangePermissions(owner, admin, PRESETS.owner, 1)).toBeNull();
    expect(mayChangePermissions(owner, secondOwner, PRESETS.admin, 2)).toBeNull();
  });
  it('does not let a non-owner change an owner at all', () => {
    expect(mayChangePermissions(admin, owner, ['owner'], 2)).toBe('permission-denied');
  });
  it('keeps the last owner an owner', () => {
    expect(mayChangePermissions(owner, owner, PRESETS.admin, 1)).toBe('last-owner');
    expect(mayChangePermissions(owner, owner, PRESETS.admin, 2)).toBeNull();
    expect(mayChangePermissions(owner, owner, ['owner', 'events'], 1)).toBeNull();
  });
});

describe('mayRemove', () => {
  it('lets anyone leave, but not the last owner', () => {
    expect(mayRemove(boxOffice, boxOffice, 1)).toBeNull();
    expect(mayRemove(owner, owner, 2)).toBeNull();
    expect(mayRemove(owner, owner, 1)).toBe('last-owner');
  });
  it('needs "members" to remove someone else, and "owner" to remove an owner', () => {
    expect(mayRemove(boxOffice, admin, 1)).toBe('permission-denied');
    expect(mayRemove(admin, boxOffice, 1)).toBeNull();
    expect(mayRemove(admin, owner, 2)).toBe('permission-denied');
    expect(mayRemove(owner, secondOwner, 2)).toBeNull();
    expect(mayRemove(owner, secondOwner, 1)).toBe('last-owner');
  });
  it('isOwner reads the permission', () => {
    expect(isOwner(owner)).toBe(true);
    expect(isOwner(admin)).toBe(false);
  });
});
