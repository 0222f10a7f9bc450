import { useTranslations } from 'next-intl';
import type { AuthField, FieldRule } from '../../lib/auth-rules';

/** A message as data, so that the flow stays pure and the view translates it for the active locale. */
export type UiMessage =
  | { kind: 'rule'; rule: FieldRule; field: AuthField }
  | {
      kind: 'form';
      key: 'genericForm' | 'tooManyRequestsLater' | 'unavailable' | 'timeout' | 'unexpected' | 'codeExpired';
    }
  | { kind: 'retryAfter'; seconds: number }
  /** Words from the server that we have no translation for; shown as they are. */
  | { kind: 'text'; text: string };

const SPEC_RULES: [RegExp, FieldRule][] = [
  [/^(.+) is required$/, 'required'],
  [/^(.+) is invalid$/, 'invalid'],
  [/^(.+) is too long$/, 'tooLong'],
];
const SPEC_LABELS: Record<string, AuthField> = { Email: 'email', Name: 'displayName', Code: 'code' };

/** The BFF answers in the spec's English ('Email is required'); known messages are shown in the user's language. */
export function fromServerMessage(text: string): UiMessage {
  for (const [pattern, rule] of SPEC_RULES) {
    const label = pattern.exec(text)?.[1];
    const field = label ? SPEC_LABELS[label] : undefined;
    if (field) return { kind: 'rule', rule, field };
  }
  if (text === 'Some fields are not valid. Please check the form and try again.')
    return { kind: 'form', key: 'genericForm' };
  return { kind: 'text', text };
}

export function useUiMessage(): (message: UiMessage) => string {
  const tValidation = useTranslations('Validation');
  const tErrors = useTranslations('Errors');
  return (message) => {
    switch (message.kind) {
      case 'rule':
        return tValidation(message.rule, { field: tValidation(`fields.${message.field}`) });
      case 'form':
        return tErrors(message.key);
      case 'retryAfter':
        return tErrors('tooManyRequests', { seconds: message.seconds });
      case 'text':
        return message.text;
    }
  };
}
