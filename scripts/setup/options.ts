import { existsSync, readFileSync } from 'node:fs';
import { parseArgs, parseEnv } from 'node:util';

export const USAGE = `Usage: npm run setup -- [options]

Creates or updates Vitrine's content model, locales and tags in your Contentful space (docs/own-space.md).
Reads CONTENTFUL_SPACE_ID, CONTENTFUL_MANAGEMENT_TOKEN, CONTENTFUL_ENVIRONMENT (master), CONTENTFUL_MANAGEMENT_HOST
(api.contentful.com; api.eu.contentful.com for EU data residency) and PUBLIC_URL from the environment or .env.

Options:
  --dry-run                Print what would change; change nothing.
  --with-demo-content      Also import the demo entries and upload the demo assets (content/space-export.json).
  --no-german              Do not create the de-DE locale (the site then serves English only).
  --rotate-webhook-secret  Replace the space's webhook signing secret with a new one (other webhooks verifying it break).
  --help                   Show this help.`;

export interface SetupFlags {
  dryRun: boolean;
  withDemoContent: boolean;
  german: boolean;
  rotateWebhookSecret: boolean;
  help: boolean;
}

export interface SetupEnv {
  spaceId: string;
  managementToken: string;
  environmentId: string;
  host: string;
  hostUpload: string;
  insecure: boolean;
  publicUrl: string | undefined;
  webhookSecret: string | undefined;
  previewSecret: string | undefined;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export function parseFlags(argv: string[]): Parsed<SetupFlags> {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'dry-run': { type: 'boolean', default: false },
        'with-demo-content': { type: 'boolean', default: false },
        'no-german': { type: 'boolean', default: false },
        'rotate-webhook-secret': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    return {
      ok: true,
      value: {
        dryRun: values['dry-run'],
        withDemoContent: values['with-demo-content'],
        german: !values['no-german'],
        rotateWebhookSecret: values['rotate-webhook-secret'],
        help: values.help,
      },
    };
  } catch (error) {
    return { ok: false, errors: [error instanceof Error ? error.message : String(error)] };
  }
}

const MISSING = {
  CONTENTFUL_SPACE_ID: 'CONTENTFUL_SPACE_ID is not set: put your space id into .env (Contentful web app → Settings → General settings → Space ID).',
  CONTENTFUL_MANAGEMENT_TOKEN:
    'CONTENTFUL_MANAGEMENT_TOKEN is not set: create a personal access token in the Contentful web app (Settings → CMA tokens) and put it into .env.',
} as const;

const DEFAULT_HOST = 'api.contentful.com';

export function readSetupEnv(env: Record<string, string | undefined>): Parsed<SetupEnv> {
  const value = (key: string) => env[key]?.trim() || undefined;
  const errors: string[] = (Object.keys(MISSING) as (keyof typeof MISSING)[]).filter((key) => !value(key)).map((key) => MISSING[key]);
  const host = parseHost(value('CONTENTFUL_MANAGEMENT_HOST') ?? DEFAULT_HOST);
  if (!host) errors.push('CONTENTFUL_MANAGEMENT_HOST must be a host name (api.eu.contentful.com) or an http(s)://host[:port] URL.');
  const publicUrl = value('PUBLIC_URL');
  // As server/config.ts reads it: an origin, since the webhook URL is built on it.
  const url = publicUrl && URL.canParse(publicUrl) ? new URL(publicUrl) : undefined;
  if (publicUrl && !(url && /^https?:$/.test(url.protocol) && url.pathname === '/' && !/[?#]/.test(publicUrl)))
    errors.push(`PUBLIC_URL must be an origin such as https://vitrine.example, without a path (got "${publicUrl}").`);
  if (errors.length > 0 || !host) return { ok: false, errors };
  return {
    ok: true,
    value: {
      spaceId: value('CONTENTFUL_SPACE_ID') ?? '',
      managementToken: value('CONTENTFUL_MANAGEMENT_TOKEN') ?? '',
      environmentId: value('CONTENTFUL_ENVIRONMENT') ?? 'master',
      ...host,
      publicUrl: publicUrl?.replace(/\/+$/, ''),
      webhookSecret: value('CONTENTFUL_WEBHOOK_SECRET'),
      previewSecret: value('PREVIEW_SECRET'),
    },
  };
}

/** `api.eu.contentful.com` → uploads at `upload.eu.contentful.com`; any other host (a proxy, the test fake) takes uploads itself. */
export function parseHost(raw: string): { host: string; hostUpload: string; insecure: boolean } | undefined {
  const url = URL.canParse(raw) && /^https?:\/\//i.test(raw) ? new URL(raw) : URL.canParse(`https://${raw}`) ? new URL(`https://${raw}`) : undefined;
  if (!url || (url.pathname !== '/' && url.pathname !== '') || url.search || url.username) return undefined;
  const host = url.host;
  const hostUpload = /^api\./.test(url.hostname) && url.hostname.endsWith('contentful.com') ? host.replace(/^api\./, 'upload.') : host;
  return { host, hostUpload, insecure: url.protocol === 'http:' };
}

/** Real variables win over `.env`, as in `npm run dev`. */
export function loadEnv(cwd: string, processEnv: Record<string, string | undefined>): Record<string, string | undefined> {
  const file = `${cwd}/.env`;
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...processEnv };
}
