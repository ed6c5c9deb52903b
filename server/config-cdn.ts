import { z } from 'zod';

/** The CDN purge variables (ADR 052); meanings in .env.example. */
const secret = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
  .optional();

/** The token goes in a header: https only, except to this machine (the tests' fakes). */
const apiUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
    .refine((v) => !URL.canParse(v) || new URL(v).protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(new URL(v).hostname), {
      message: 'must be https (http only to localhost): the API token travels with every purge',
    })
    .transform((v) => v.replace(/\/+$/, ''))
    .default(fallback);

export const cdnEnv = {
  CDN_PURGE: z.enum(['fastly', 'cloudflare'], { error: 'must be fastly or cloudflare (or unset for no purge)' }).optional(),
  FASTLY_SERVICE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'must be a Fastly service id (letters and digits)')
    .optional(),
  FASTLY_API_TOKEN: secret,
  FASTLY_API_URL: apiUrl('https://api.fastly.com'),
  CLOUDFLARE_ZONE_ID: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, 'must be a Cloudflare zone id (32 hex digits)')
    .optional(),
  CLOUDFLARE_API_TOKEN: secret,
  CLOUDFLARE_API_URL: apiUrl('https://api.cloudflare.com/client/v4'),
};

type CdnEnv = z.infer<z.ZodObject<typeof cdnEnv>> & { CONTENTFUL_WEBHOOK_SECRET?: string | undefined };

export interface CdnConfig {
  provider: 'fastly' | 'cloudflare';
  target: string;
  token: string;
  apiUrl: string;
}

/** The variables naming each provider's target (Fastly service id or Cloudflare zone id), token and API origin. */
const PROVIDERS = {
  fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN', 'FASTLY_API_URL'],
  cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_API_URL'],
} as const;

export function cdnIssues(e: CdnEnv): string[] {
  if (!e.CDN_PURGE) return [];
  const [target, token] = PROVIDERS[e.CDN_PURGE];
  const issues = e[target] && e[token] ? [] : [`${target}, ${token}: required when CDN_PURGE=${e.CDN_PURGE}`];
  if (!e.CONTENTFUL_WEBHOOK_SECRET) issues.push('CDN_PURGE: needs CONTENTFUL_WEBHOOK_SECRET, since purges follow signed content webhooks');
  return issues;
}

export function toCdnConfig(e: CdnEnv): CdnConfig | undefined {
  if (!e.CDN_PURGE) return undefined;
  const [target, token, apiUrl] = PROVIDERS[e.CDN_PURGE];
  const [targetValue, tokenValue] = [e[target], e[token]];
  return targetValue && tokenValue ? { provider: e.CDN_PURGE, target: targetValue, token: tokenValue, apiUrl: e[apiUrl] } : undefined;
}
