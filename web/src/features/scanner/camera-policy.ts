// The site refuses the camera (Permissions-Policy: camera=()) everywhere but the dashboard and scan links. A document
// keeps the policy it was loaded with, and Next moves from a site page into the dashboard without loading a new one:
// a scanner reached that way finds the camera refused by the old page's policy. It then loads its own address
// again, once, which brings the scanner's policy (camera=(self)).

interface PolicyLike {
  allowsFeature(feature: string): boolean;
}
export interface PolicyDocument {
  permissionsPolicy?: PolicyLike;
  featurePolicy?: PolicyLike;
}

const RELOADED_KEY = 'kassa-scanner-reloaded-for-camera';

/** True when this document's Permissions-Policy refuses the camera (false where the browser cannot tell). */
export function cameraRefusedByPolicy(doc: PolicyDocument): boolean {
  const policy = doc.permissionsPolicy ?? doc.featurePolicy;
  return typeof policy?.allowsFeature === 'function' && !policy.allowsFeature('camera');
}

/**
 * Whether to load the page again before asking for the camera: only when the policy refuses it and this address was
 * not loaded again for that already (a policy that still refuses after a fresh load is not the navigation's doing).
 */
export function shouldReloadForCamera(
  doc: PolicyDocument,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  path: string,
): boolean {
  if (!cameraRefusedByPolicy(doc)) {
    // A document with the scanner's policy: a later arrival without a reload may reload again.
    storage.removeItem(RELOADED_KEY);
    return false;
  }
  if (storage.getItem(RELOADED_KEY) === path) return false;
  storage.setItem(RELOADED_KEY, path);
  return true;
}
