import { z } from 'zod';

/** One configured provider, secrets resolved. */
export interface OidcProviderSettings {
  id: string;
  name: string;
  /** Exactly as the provider's discovery document states it. */
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE only). Read from the variable named by clientSecretEnv, never from the JSON. */
  clientSecret?: string;
  scopes: string[];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, except on this machine (development and tests talk to a local stand-in). */
export function isAcceptableProviderUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

const entrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'id must be lower-case letters, digits and dashes'),
    name: z.string().trim().min(1).max(40),
    issuer: z.string().refine(isAcceptableProviderUrl, 'issuer must be an https URL (http only on loopback)'),
    clientId: z.string().min(1),
    clientSecretEnv: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/, 'clientSecretEnv must name an environment variable')
      .optional(),
    scopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/)).optional(),
  })
  .strict();

/**
 * OIDC_PROVIDERS: a JSON array of { id, name, issuer, clientId, clientSecretEnv?, scopes? }. A "clientSecret"
 * key is refused (strict), so a secret cannot end up in a values file or the repository by accident.
 */
export function oidcProvidersVariable(env: Record<string, string | undefined>) {
  return z.string().transform((text, ctx): OidcProviderSettings[] => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
      return z.NEVER;
    }
    const parsed = z.array(entrySchema).safeParse(json);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      });
      return z.NEVER;
    }
    const ids = new Set<string>();
    const settings: OidcProviderSettings[] = [];
    for (const entry of parsed.data) {
      if (ids.has(entry.id)) ctx.addIssue({ code: 'custom', message: `provider ${entry.id} is configured twice` });
      ids.add(entry.id);
      const clientSecret = entry.clientSecretEnv ? env[entry.clientSecretEnv]?.trim() : undefined;
      if (entry.clientSecretEnv && !clientSecret)
        ctx.addIssue({
          code: 'custom',
          message: `${entry.clientSecretEnv} (secret of provider ${entry.id}) is not set`,
        });
      settings.push({
        id: entry.id,
        name: entry.name,
        issuer: entry.issuer,
        clientId: entry.clientId,
        clientSecret,
        // openid is what makes it OIDC (an id_token); always asked for.
        scopes: [...new Set(['openid', ...(entry.scopes ?? ['email', 'profile'])])],
      });
    }
    return settings;
  });
}
