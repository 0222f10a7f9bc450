import { SocialSignInButtons } from '../../src/features/auth/social-sign-in-buttons';
import { render, text } from '../support/render';

const providers = [
  { id: 'google', name: 'Google' },
  { id: 'microsoft', name: 'Microsoft' },
];
const noop = () => {};

describe('SocialSignInButtons', () => {
  it('renders nothing when no provider is configured', () => {
    expect(render('en', <SocialSignInButtons providers={[]} onStart={noop} />)).toBe('');
  });

  it.each([
    ['en', 'or', 'Continue with Google', 'Continue with Microsoft'],
    ['nl', 'of', 'Doorgaan met Google', 'Doorgaan met Microsoft'],
  ] as const)('offers one button per provider in %s', (locale, or, first, second) => {
    const html = render(locale, <SocialSignInButtons providers={providers} onStart={noop} />);
    expect(text(html)).toBe(`${or} ${first} ${second}`);
    expect(html.match(/<button[^>]*type="button"/g)).toHaveLength(2);
  });

  it('shows which provider is being waited for, and keeps that button from being pressed again', () => {
    const html = render('en', <SocialSignInButtons providers={providers} onStart={noop} pendingProviderId="google" />);
    expect(text(html)).toContain('Waiting for Google…');
    expect(text(html)).toContain('Continue with Microsoft');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-busy="true"/);
  });
});
