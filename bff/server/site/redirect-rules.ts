// Redirects configured for the site, applied by the proxy after the sign-in check.
// Paths are matched without the locale prefix; an internal destination keeps the visitor's locale,
// an external one (https://…) is left as it is and the browser does a full page load to it.
// The built-in rules below apply everywhere; KASSA_REDIRECT_RULES (a JSON array of rules) adds rules per
// deployment (say, /help → the support site) and wins over a built-in rule for the same source.
import { z } from 'zod';

export interface RedirectRule {
  /** The exact path, without locale prefix, e.g. '/login'. */
  source: string;
  /** A path ('/sign-in') or an absolute http(s) URL. */
  destination: string;
  /** 308 when true, 307 otherwise. */
  permanent: boolean;
}

export const builtInRedirectRules: readonly RedirectRule[] = [
  // The address people guess for the sign-in page.
  { source: '/login', destination: '/sign-in', permanent: false },
];

const ruleSchema = z.object({
  source: z.string().regex(/^\/[^?#]*$/, 'a path starting with /'),
  destination: z.string().regex(/^(\/[^/\\]|\/$|https?:\/\/)/i, 'a path or an http(s) URL'),
  permanent: z.boolean().default(false),
});

/** The rules from the environment; a malformed value stops the server at start rather than redirecting wrongly. */
export function parseRedirectRules(json: string | undefined): RedirectRule[] {
  if (!json || json.trim() === '') return [];
  const parsed = z.array(ruleSchema).safeParse(JSON.parse(json));
  if (!parsed.success)
    throw new Error(
      `KASSA_REDIRECT_RULES is invalid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  return parsed.data;
}

export function readRedirectRules(env: Record<string, string | undefined> = process.env): readonly RedirectRule[] {
  const configured = parseRedirectRules(env.KASSA_REDIRECT_RULES);
  const sources = new Set(configured.map((rule) => rule.source));
  return [...configured, ...builtInRedirectRules.filter((rule) => !sources.has(rule.source))];
}
