import { documentTitle, humanizeSegment, pageTitle } from '../../src/lib/page-title';

describe('pageTitle', () => {
  it('prefers the route title', () => {
    expect(pageTitle('Sign in', '/whatever')).toBe('Sign in');
    expect(pageTitle('  Orders ', '/o/x/orders')).toBe('Orders');
  });

  it('falls back to the last path segment, made readable', () => {
    expect(pageTitle(undefined, '/terms')).toBe('Terms');
    expect(pageTitle(null, '/o/org_1/settings/members')).toBe('Members');
    expect(pageTitle('', '/sign-in')).toBe('Sign in');
    expect(pageTitle('   ', '/ticket_options/')).toBe('Ticket options');
    expect(pageTitle(undefined, '/orders/a-b?page=2#top')).toBe('A b');
  });

  it('has no title for the root', () => {
    expect(pageTitle(undefined, '/')).toBeUndefined();
    expect(pageTitle(undefined, '')).toBeUndefined();
    expect(pageTitle(undefined, '/-/')).toBeUndefined();
  });

  it('decodes escaped segments and survives malformed ones', () => {
    expect(humanizeSegment('%C3%A9v%C3%A9nement')).toBe('Événement');
    expect(humanizeSegment('100%')).toBe('100%');
  });
});

describe('documentTitle', () => {
  it('templates like the layout', () => {
    expect(documentTitle('Terms', 'Kassa')).toBe('Terms · Kassa');
    expect(documentTitle(undefined, 'Kassa')).toBe('Kassa');
  });
});
