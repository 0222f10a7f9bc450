import { useTranslations } from 'next-intl';
import type { FieldRule } from '../../lib/public-form-rules';
import type { FormProblem } from './form-problems';

/** Says field rules and form problems in the visitor's language, with the core Validation and Errors messages. */
export function useFormWords() {
  const tValidation = useTranslations('Validation');
  const tErrors = useTranslations('Errors');
  return {
    rule: (rule: FieldRule, label: string) => tValidation(rule, { field: label }),
    problem: (problem: FormProblem) =>
      problem.kind === 'retryAfter' ? tErrors('tooManyRequests', { seconds: problem.seconds }) : tErrors(problem.kind),
  };
}
