// Paths that go into error reports: without the query string (it can hold e-mail addresses, return paths) and
// without secret link tokens (/scan/{hash} admits door staff without an account).

export function reportPath(path: string): string {
  const pathname = path.split(/[?#]/)[0] || '/';
  return pathname.replace(/\/scan\/[^/]+/g, '/scan/[redacted]');
}
