import { cameraRefusedByPolicy, shouldReloadForCamera } from '../../src/features/scanner/camera-policy';

const refusing = { permissionsPolicy: { allowsFeature: (feature: string) => feature !== 'camera' } };
const allowing = { permissionsPolicy: { allowsFeature: () => true } };

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("the camera and the page's Permissions-Policy", () => {
  it('tells a policy that refuses the camera, in the standard and the older API, and trusts browsers that cannot tell', () => {
    expect(cameraRefusedByPolicy(refusing)).toBe(true);
    expect(cameraRefusedByPolicy({ featurePolicy: refusing.permissionsPolicy })).toBe(true);
    expect(cameraRefusedByPolicy(allowing)).toBe(false);
    expect(cameraRefusedByPolicy({})).toBe(false);
  });

  it('loads the scanner again once when a page reached without a reload refuses the camera, never twice', () => {
    const storage = memoryStorage();
    expect(shouldReloadForCamera(refusing, storage, '/o/org_1/events/evt_1/scan')).toBe(true);
    expect(shouldReloadForCamera(refusing, storage, '/o/org_1/events/evt_1/scan')).toBe(false);
    // Another scanner address gets its own one reload.
    expect(shouldReloadForCamera(refusing, storage, '/scan/abc')).toBe(true);
    expect(shouldReloadForCamera(allowing, memoryStorage(), '/scan/abc')).toBe(false);
  });

  it("reloads again on a later arrival without a reload, once a page with the scanner's policy was seen", () => {
    const storage = memoryStorage();
    expect(shouldReloadForCamera(refusing, storage, '/scan/abc')).toBe(true);
    expect(shouldReloadForCamera(allowing, storage, '/scan/abc')).toBe(false);
    expect(shouldReloadForCamera(refusing, storage, '/scan/abc')).toBe(true);
  });
});
