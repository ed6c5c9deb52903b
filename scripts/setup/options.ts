import { existsSync, readFileSync } from 'node:fs';
import { parseArgs, parseEnv } from 'node:util';

import { SetupError } from './context.ts';

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

const FLAGS = {
  'dry-run': { type: 'boolean', default: false },
  'with-demo-content': { type: 'boolean', default: false },
  german: { type: 'boolean', default: true },
  'rotate-webhook-secret': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Throws on an unknown option; `--no-german` is parseArgs' negation of `german`. */
export const parseFlags = (args: string[]) => parseArgs({ args, options: FLAGS, allowNegative: true }).values;
export type SetupFlags = ReturnType<typeof parseFlags>;

const MISSING = {
  CONTENTFUL_SPACE_ID: 'CONTENTFUL_SPACE_ID is not set: put your space id into .env (Contentful web app → Settings → General settings → Space ID).',
  CONTENTFUL_MANAGEMENT_TOKEN:
    'CONTENTFUL_MANAGEMENT_TOKEN is not set: create a personal access token in the Contentful web app (Settings → CMA tokens) and put it into .env.',
};

/** Throws one line per wrong or missing setting. */
export function readSetupEnv(env: Record<string, string | undefined>) {
  const value = (key: string) => env[key]?.trim() || undefined;
  const errors = Object.entries(MISSING).flatMap(([key, message]) => (value(key) ? [] : [message]));
  const host = parseHost(value('CONTENTFUL_MANAGEMENT_HOST') ?? 'api.contentful.com');
  if (!host) errors.push('CONTENTFUL_MANAGEMENT_HOST must be a host name (api.eu.contentful.com) or an http(s)://host[:port] URL.');
  const publicUrl = value('PUBLIC_URL');
  // As server/config.ts reads it: an origin, since the webhook URL is built on it.
  const url = publicUrl ? URL.parse(publicUrl) : null;
  if (publicUrl && !(url && /^https?:$/.test(url.protocol) && url.pathname === '/' && !/[?#]/.test(publicUrl)))
    errors.push(`PUBLIC_URL must be an origin such as https://vitrine.example, without a path (got "${publicUrl}").`);
  if (errors.length > 0 || !host) throw new SetupError(errors.join('\n'));
  return {
    spaceId: value('CONTENTFUL_SPACE_ID') ?? '',
    managementToken: value('CONTENTFUL_MANAGEMENT_TOKEN') ?? '',
    environmentId: value('CONTENTFUL_ENVIRONMENT') ?? 'master',
    ...host,
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    webhookSecret: value('CONTENTFUL_WEBHOOK_SECRET'),
    previewSecret: value('PREVIEW_SECRET'),
  };
}
export type SetupEnv = ReturnType<typeof readSetupEnv>;

/** `api.eu.contentful.com` → uploads at `upload.eu.contentful.com`; any other host (a proxy, the test fake) takes uploads itself. */
export function parseHost(raw: string): { host: string; hostUpload: string; insecure: boolean } | undefined {
  const url = URL.parse(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  if (!url || url.pathname !== '/' || url.search || url.username) return undefined;
  const hostUpload = /^api\./.test(url.hostname) && url.hostname.endsWith('contentful.com') ? url.host.replace(/^api\./, 'upload.') : url.host;
  return { host: url.host, hostUpload, insecure: url.protocol === 'http:' };
}

/** Real variables win over `.env`, as in `npm run dev`. */
export function loadEnv(cwd: string, processEnv: Record<string, string | undefined>): Record<string, string | undefined> {
  const file = `${cwd}/.env`;
  return { ...(existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {}), ...processEnv };
}
