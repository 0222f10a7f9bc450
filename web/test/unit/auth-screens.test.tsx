import { CodeStep } from '../../src/features/auth/code-step';
import { initialSignInFlow, type SignInFlowState } from '../../src/features/auth/sign-in-flow';
import { SignInScreen } from '../../src/features/auth/sign-in-screen';
import { attributesOf, labelFor, render, text } from '../support/render';

const never = () => new Promise<never>(() => {});
const noop = () => {};
const codeState = (overrides: Partial<SignInFlowState> = {}): SignInFlowState => ({
  ...initialSignInFlow('sign-in', 'jane@example.com'),
  step: 'code',
  ...overrides,
});

describe('SignInScreen', () => {
  it.each([
    ['en', 'Email', 'Send code', 'Sign in'],
    ['nl', 'E-mail', 'Code versturen', 'Inloggen'],
  ] as const)('starts with the e-mail step in %s', (locale, emailLabel, sendCode, title) => {
    const html = render(
      locale,
      <SignInScreen mode="sign-in" requestCode={never} verifyCode={never} onSignedIn={noop} />,
    );
    expect(labelFor(html, 'email')).toBe(emailLabel);
    expect(attributesOf(html, 'email')).toMatchObject({ type: 'email', autoComplete: 'email', name: 'email' });
    expect(html).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${sendCode}</button>`));
    expect(text(html)).toContain(title);
    expect(html).not.toContain('id="displayName"');
    expect(html).not.toContain('id="code"');
  });

  it.each([
    ['en', 'Create an account', 'Name'],
    ['nl', 'Account aanmaken', 'Naam'],
  ] as const)('asks for a name on sign-up in %s', (locale, title, nameLabel) => {
    const html = render(
      locale,
      <SignInScreen mode="sign-up" requestCode={never} verifyCode={never} onSignedIn={noop} />,
    );
    expect(text(html)).toContain(title);
    expect(labelFor(html, 'displayName')).toBe(nameLabel);
    expect(attributesOf(html, 'displayName')).toMatchObject({ autoComplete: 'name' });
  });

  it('shows field errors under their fields and the form message, translated', () => {
    const state: SignInFlowState = {
      ...initialSignInFlow('sign-up'),
      fieldErrors: {
        email: { kind: 'rule', rule: 'invalid', field: 'email' },
        displayName: { kind: 'rule', rule: 'required', field: 'displayName' },
      },
      formError: { kind: 'form', key: 'genericForm' },
    };
    const props = {
      mode: 'sign-up' as const,
      requestCode: never,
      verifyCode: never,
      onSignedIn: noop,
      initialState: state,
    };
    const en = render('en', <SignInScreen {...props} />);
    expect(text(en)).toContain('Some fields are not valid. Please check the form and try again.');
    expect(en).toContain(
      '<p id="email-error" class="text-sm text-destructive" data-testid="email-error">Email is invalid</p>',
    );
    expect(en).toContain('>Name is required</p>');
    expect(attributesOf(en, 'email')).toMatchObject({ 'aria-invalid': 'true', 'aria-describedby': 'email-error' });
    const nl = render('nl', <SignInScreen {...props} />);
    expect(text(nl)).toContain('Sommige velden zijn niet geldig.');
    expect(nl).toContain('>E-mail is ongeldig</p>');
    expect(nl).toContain('>Naam is verplicht</p>');
  });

  it('renders the code step from a given state', () => {
    const html = render(
      'en',
      <SignInScreen
        mode="sign-in"
        requestCode={never}
        verifyCode={never}
        onSignedIn={noop}
        initialState={codeState()}
      />,
    );
    expect(html).toContain('data-testid="code-step"');
    expect(html).not.toContain('id="email"');
  });
});

describe('CodeStep', () => {
  const handlers = { onEdit: noop, onSubmit: noop, onResend: noop, onChangeEmail: noop };

  it.each([
    [
      'en',
      'We sent a code to jane@example.com.',
      'Verification code',
      'Sign in',
      'Send a new code',
      'Use a different e-mail address',
    ],
    [
      'nl',
      'We hebben een code gestuurd naar jane@example.com.',
      'Verificatiecode',
      'Inloggen',
      'Nieuwe code versturen',
      'Een ander e-mailadres gebruiken',
    ],
  ] as const)('asks for the code in %s', (locale, sent, codeLabel, submit, resend, change) => {
    const html = render(locale, <CodeStep state={codeState()} {...handlers} />);
    expect(text(html)).toContain(sent);
    expect(labelFor(html, 'code')).toBe(codeLabel);
    expect(attributesOf(html, 'code')).toMatchObject({
      autoComplete: 'one-time-code',
      inputMode: 'numeric',
      maxLength: '6',
    });
    expect(html).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${submit}</button>`));
    expect(text(html)).toContain(resend);
    expect(text(html)).toContain(change);
  });

  it('says a new code was sent, and shows the code error', () => {
    const state = codeState({ resent: true, fieldErrors: { code: { kind: 'rule', rule: 'invalid', field: 'code' } } });
    expect(text(render('en', <CodeStep state={state} {...handlers} />))).toContain(
      'We sent a new code to jane@example.com. ',
    );
    expect(render('en', <CodeStep state={state} {...handlers} />)).toContain('>Code is invalid</p>');
    expect(render('nl', <CodeStep state={state} {...handlers} />)).toContain('>Code is ongeldig</p>');
  });

  it('tells how long to wait after too many attempts', () => {
    const state = codeState({ formError: { kind: 'retryAfter', seconds: 30 } });
    expect(text(render('en', <CodeStep state={state} {...handlers} />))).toContain(
      'Too many attempts. Please try again in 30 seconds.',
    );
    expect(text(render('nl', <CodeStep state={state} {...handlers} />))).toContain(
      'Probeer het over 30 seconden opnieuw.',
    );
  });

  it('disables the buttons while a call is under way', () => {
    const html = render('en', <CodeStep state={codeState({ pending: true })} {...handlers} />);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Checking…<\/button>/);
  });
});
