import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

import { z } from 'zod';

import { cdnEnv, cdnIssues, toCdnConfig } from '#server/config-cdn.ts';
import { renderEnv, toRenderGateConfig } from '#server/config-render.ts';
import { bool, deepFreeze, int, isProxyAddress, origins, toAllowedHosts } from '#server/config-helpers.ts';

import type { PublicConfig } from '#shared/public-config.ts';
import type { Locale } from '#shared/content/types.ts';

// The only reader of `process.env` (meanings: .env.example). loadConfig drops empty values: `PORT=` means "not set".
const optionalString = z.string().trim().optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: int(3000, 0, 65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
    .refine((v) => !URL.canParse(v) || (/^[^?#]*$/.test(v) && new URL(v).pathname === '/'), 'must be an origin like https://vitrine.example, without a path')
    .optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || /^(true|false|\d+)$/.test(v) || v.split(',').every(isProxyAddress),
      'must be true, false, a hop count, or IPs/CIDRs/loopback/linklocal/uniquelocal',
    )
    .transform((v) => (v === undefined || v === 'false' ? false : v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v)),
  ALLOWED_HOSTS: optionalString.superRefine((list, ctx) => {
    for (const host of list?.split(',').map((entry) => entry.trim()) ?? []) {
      const message = `"${host}" is not a host name (no scheme, port or path; a leading dot allows subdomains)`;
      if (host && !/^\.?[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$|^[0-9A-Fa-f:.]+$/.test(host)) ctx.addIssue({ code: 'custom', message });
    }
  }),
  SSR_ABORT_MS: int(10_000, 100, 120_000),
  SHUTDOWN_TIMEOUT_MS: int(15_000, 100, 120_000),
  WEB_CONCURRENCY: z
    .string()
    .default('1')
    .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64), 'must be auto or a whole number from 1 to 64')
    .transform((v) => (v === 'auto' ? availableParallelism() : Number(v))),
  HEAP_LIMIT_MB: z
    .string()
    .default('auto')
    .refine((v) => v === 'auto' || v === 'off' || (/^\d+$/.test(v) && Number(v) >= 32 && Number(v) <= 65_536), 'must be auto, off or MB from 32 to 65536')
    .transform((v) => (v === 'auto' || v === 'off' ? (v as 'auto' | 'off') : Number(v))),
  NODE_OPTIONS: optionalString,
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalString.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL'),
  REDIS_URL: optionalString.refine((v) => !v || (/^rediss?:\/\/([^@/]*@)?[^:/?#@]/.test(v) && URL.canParse(v)), 'must be a redis:// or rediss:// URL'),
  SOURCE_MAPS_PUBLIC: bool(false),
  HTML_CACHE_CONTROL: z.string().default('public, max-age=0, s-maxage=60, stale-while-revalidate=600'),
  MAX_BODY_BYTES: int(100 * 1024, 1024, 10 * 1024 * 1024),

  CONTENTFUL_SPACE_ID: optionalString,
  CONTENTFUL_ACCESS_TOKEN: optionalString,
  CONTENTFUL_PREVIEW_TOKEN: optionalString,
  CONTENTFUL_ENVIRONMENT: z.string().default('master'),
  CONTENTFUL_HOST: optionalString,
  CONTENTFUL_TIMEOUT_MS: int(5000, 100, 60_000),
  CONTENTFUL_SYNC_POLL_MS: int(300_000, 0, 86_400_000),
  CONTENTFUL_WEBHOOK_SECRET: optionalString.refine(
    (v) => !v || v.length === 64,
    'must be exactly 64 characters (Contentful request verification signs with a 64-character secret)',
  ),
  CONTENT_EXPORT_FILE: z.string().default('content/space-export.json'),
  CONTENT_CACHE_TTL_MS: int(60_000, 0, 86_400_000),
  CONTENT_CACHE_MAX_BYTES: int(32 * 1024 * 1024, 1024 * 1024, 4 * 1024 * 1024 * 1024),
  PREVIEW_SECRET: optionalString,
  COOKIE_SECRET: optionalString,

  ALGOLIA_APP_ID: optionalString,
  ALGOLIA_SEARCH_KEY: optionalString,
  ALGOLIA_ADMIN_KEY: optionalString,
  ALGOLIA_INDEX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, _ and -')
    .default('vitrine'),

  INSIGHTS_ENABLED: bool(true),
  INSIGHTS_SELF_HOSTED: bool(true),
  INSIGHTS_BASE_PATH: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)+$|^https?:\/\/[^\s]+$/, 'must be a path like /_insights or an http(s) URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .default('/_insights'),
  INSIGHTS_TOKEN: optionalString,
  INSIGHTS_RETENTION_DAYS: int(30, 1, 3650),
  INSIGHTS_SAMPLE_RATE: z.coerce.number({ error: 'must be a number' }).min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').default(1),

  PAGE_CACHE_MAX_BYTES: int(32 * 1024 * 1024, 0, 4 * 1024 * 1024 * 1024),
  IMAGE_QUALITIES: z
    .string()
    .default('75')
    .refine(
      (v) => v.split(',').every((q) => /^\s*\d{1,3}\s*$/.test(q) && Number(q) >= 1 && Number(q) <= 100),
      'must be a comma-separated list of qualities 1-100',
    )
    .transform((v) => [...new Set(v.split(',').map(Number))].sort((a, b) => a - b)),
  IMAGE_CONCURRENCY: int(0, 0, 64),
  IMAGE_TIMEOUT_MS: int(10_000, 100, 120_000),
  IMAGE_CACHE_MAX_BYTES: int(8 * 1024 * 1024, 0, 4 * 1024 * 1024 * 1024),
  IMAGE_DISK_CACHE_MAX_BYTES: int(256 * 1024 * 1024, 0, 64 * 1024 * 1024 * 1024),
  EMBED_FRAME_ANCESTORS: z.string().default("'self'"),
  PREVIEW_FRAME_ANCESTORS: origins('https://app.contentful.com https://app.eu.contentful.com'),
  MODEL_VALIDATION: bool(true),
  ...cdnEnv,
  ...renderEnv,
});

type Env = z.infer<typeof envSchema>;

/** Without `previewToken`, `preview` serves published content. */
export interface ContentfulCredentials {
  spaceId: string;
  accessToken: string;
  previewToken?: string | undefined;
  environment?: string | undefined;
  /** `cdn.contentful.com` (default), `cdn.eu.contentful.com`, a proxy `host[:port]`, or a URL such as `http://127.0.0.1:4010/cda`. */
  host?: string | undefined;
}

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration: ${issues.join('; ')}`);
    this.issues = issues;
  }
}

export function loadConfig(source: Record<string, string | undefined>, version = '0.0.0'): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const issues = crossChecks(parsed.data);
  if (issues.length > 0) throw new ConfigError(issues);
  return deepFreeze(toConfig(parsed.data, version));
}

/** In development `.env` is merged in, real variables winning. */
export function loadConfigFromEnv(version: string): Config {
  if (process.env.NODE_ENV === 'development' && existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig(process.env, version);
}

function crossChecks(e: Env): string[] {
  const issues: string[] = [];
  if (!e.CONTENTFUL_SPACE_ID !== !e.CONTENTFUL_ACCESS_TOKEN)
    issues.push('CONTENTFUL_SPACE_ID, CONTENTFUL_ACCESS_TOKEN: set both to use Contentful, or neither for the embedded demo space');
  if (!e.ALGOLIA_APP_ID !== !e.ALGOLIA_SEARCH_KEY)
    issues.push('ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY: set both to use Algolia, or neither for the embedded search engine');
  if (e.SHUTDOWN_TIMEOUT_MS <= e.SSR_ABORT_MS)
    issues.push('SHUTDOWN_TIMEOUT_MS: must be longer than SSR_ABORT_MS, so requests in flight at shutdown can still answer');
  if (e.NODE_ENV === 'development' && e.WEB_CONCURRENCY > 1)
    issues.push('WEB_CONCURRENCY: must be 1 in development (Vite and its HMR run in one process); use it with npm start or Docker');
  if (e.NODE_ENV === 'production' && e.CONTENTFUL_SPACE_ID && !e.COOKIE_SECRET && e.PREVIEW_SECRET)
    issues.push('COOKIE_SECRET: required in production when PREVIEW_SECRET is set');
  return [...issues, ...cdnIssues(e)];
}

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Lowercase<Head>}${Capitalize<Camel<Tail>>}` : Lowercase<S>;

/** Variables that go into the config as they are, named in camelCase without the prefix: `IMAGE_TIMEOUT_MS` → `images.timeoutMs`. */
function fields<P extends string, N extends string>(e: Env, prefix: P, names: readonly N[]) {
  const camel = (name: string) => name.toLowerCase().replace(/_(.)/g, (_, letter: string) => letter.toUpperCase());
  return Object.fromEntries(names.map((name) => [camel(name), e[`${prefix}${name}` as keyof Env]])) as {
    [K in N as Camel<K>]: Env[`${P}${K}` & keyof Env];
  };
}

function toConfig(e: Env, version: string) {
  const { CONTENTFUL_SPACE_ID: spaceId, CONTENTFUL_ACCESS_TOKEN: accessToken } = e;
  return {
    env: e.NODE_ENV,
    isDev: e.NODE_ENV === 'development',
    version,
    ...fields(e, '', ['HOST', 'PORT', 'LOG_LEVEL', 'SSR_ABORT_MS', 'SHUTDOWN_TIMEOUT_MS', 'WEB_CONCURRENCY', 'HEAP_LIMIT_MB', 'MAX_BODY_BYTES']),
    ...fields(e, '', ['DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'SOURCE_MAPS_PUBLIC', 'MODEL_VALIDATION']),
    ...fields(e, '', ['HTML_CACHE_CONTROL', 'PAGE_CACHE_MAX_BYTES', 'EMBED_FRAME_ANCESTORS']),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    allowedHosts: toAllowedHosts(e.ALLOWED_HOSTS, e.PUBLIC_URL),
    trustProxy: e.TRUST_PROXY as boolean | number | string,
    nodeOptions: e.NODE_OPTIONS, // read only to see whether the operator set the heap limit there; Node applies it
    contentful: {
      // Undefined selects the embedded engine (the same for Algolia below).
      remote:
        spaceId && accessToken
          ? { spaceId, accessToken, previewToken: e.CONTENTFUL_PREVIEW_TOKEN, environment: e.CONTENTFUL_ENVIRONMENT, host: e.CONTENTFUL_HOST }
          : undefined,
      ...fields(e, 'CONTENTFUL_', ['TIMEOUT_MS', 'SYNC_POLL_MS', 'WEBHOOK_SECRET']),
      exportFile: e.CONTENT_EXPORT_FILE,
      ...fields(e, 'CONTENT_', ['CACHE_TTL_MS', 'CACHE_MAX_BYTES']),
    },
    // Without COOKIE_SECRET a random per-process key signs preview cookies: they simply expire on restart.
    preview: {
      secret: e.PREVIEW_SECRET,
      cookieSecret: e.COOKIE_SECRET ?? crypto.randomUUID() + crypto.randomUUID(),
      frameAncestors: e.PREVIEW_FRAME_ANCESTORS,
    },
    algolia: {
      remote:
        e.ALGOLIA_APP_ID && e.ALGOLIA_SEARCH_KEY ? { appId: e.ALGOLIA_APP_ID, searchKey: e.ALGOLIA_SEARCH_KEY, adminKey: e.ALGOLIA_ADMIN_KEY } : undefined,
      indexPrefix: e.ALGOLIA_INDEX,
    },
    insights: {
      ...fields(e, 'INSIGHTS_', ['ENABLED', 'BASE_PATH', 'TOKEN', 'SAMPLE_RATE', 'RETENTION_DAYS']),
      selfHosted: e.INSIGHTS_SELF_HOSTED && !/^https?:/.test(e.INSIGHTS_BASE_PATH),
    },
    renderGate: toRenderGateConfig(e),
    images: fields(e, 'IMAGE_', ['QUALITIES', 'CONCURRENCY', 'TIMEOUT_MS', 'CACHE_MAX_BYTES', 'DISK_CACHE_MAX_BYTES']),
    cdn: toCdnConfig(e),
  };
}

/** `locales`: the ones served right now (ADR 039), so the browser builds the same route table. */
export function publicConfig(config: Config, locales: readonly Locale[]): PublicConfig {
  const algolia = config.algolia.remote;
  const { enabled, basePath, sampleRate, selfHosted } = config.insights;
  return {
    locales,
    algolia: { appId: algolia?.appId ?? 'embedded', searchKey: algolia?.searchKey ?? 'embedded', indexPrefix: config.algolia.indexPrefix, embedded: !algolia },
    insights: { enabled, basePath, sampleRate, selfHosted },
    livePreview: { origins: config.preview.frameAncestors },
  };
}
