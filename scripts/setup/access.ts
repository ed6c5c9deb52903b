// How the site reaches the space: the API key, the webhook, the content preview (ADR 065), and the .env lines for them.
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

import { CONTENTFUL_WEBHOOK_PATH } from '#shared/constants.ts';
import { ROUTE_PATHS } from '#shared/urls.ts';

import { change, NAME, note, toSdkFailure, unchanged } from './context.ts';

import type { SetupContext } from './context.ts';

/** Drafts (save, auto_save) would only cost calls the server ignores; Locale is no documented webhook topic. */
export const WEBHOOK_TOPICS = [
  ...['publish', 'unpublish', 'delete', 'archive', 'unarchive'].flatMap((action) => [`Entry.${action}`, `Asset.${action}`]),
  ...['create', 'save', 'delete'].map((action) => `Tag.${action}`),
  ...['publish', 'unpublish', 'delete'].map((action) => `ContentType.${action}`),
];

export async function ensureApiKey(ctx: SetupContext): Promise<{ delivery?: string; preview?: string }> {
  ctx.out(`API key "${NAME}" (Content Delivery and Preview tokens)`);
  const { environmentId } = ctx.env;
  const envLink = { sys: { type: 'Link', linkType: 'Environment', id: environmentId } } as const;
  try {
    const { items } = await ctx.cma.apiKey.getMany({ query: { limit: 1000 } });
    let key = items.find((k) => k.name === NAME);
    if (!key) {
      const data = { name: NAME, description: 'Read by the Vitrine server (npm run setup).', environments: [envLink] };
      key = await change(ctx, `create API key "${NAME}" for environment ${environmentId}`, () => ctx.cma.apiKey.create({}, data));
    } else if (!key.environments.some((e) => e.sys.id === environmentId)) {
      const update = { ...key, environments: [...key.environments, envLink] };
      const what = `give API key "${NAME}" access to environment ${environmentId}`;
      key = (await change(ctx, what, () => ctx.cma.apiKey.update({ apiKeyId: update.sys.id }, update))) ?? key;
    } else unchanged(ctx, `API key "${NAME}" exists`);
    const preview = key?.preview_api_key && (await ctx.cma.previewApiKey.get({ previewApiKeyId: key.preview_api_key.sys.id }));
    return { delivery: key?.accessToken, preview: preview?.accessToken };
  } catch (error) {
    if (toSdkFailure(error).status !== 403) throw error;
    note(ctx, 'the token may not manage API keys: create one in Settings → API keys and copy its two tokens into .env.');
    return {};
  }
}

/**
 * The new signing secret, if setup set one. The secret is write-only: rotating silently would break the server already
 * verifying with the old one. Contentful cannot call a private address, so the webhook needs a public https PUBLIC_URL.
 */
export async function ensureWebhook(ctx: SetupContext): Promise<string | undefined> {
  ctx.out('Webhook');
  const newSecret = await ensureSigningSecret(ctx);
  const url = `${ctx.env.publicUrl}${CONTENTFUL_WEBHOOK_PATH}`;
  const { hostname, protocol } = new URL(ctx.env.publicUrl ?? 'http://localhost');
  if (protocol !== 'https:' || /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|\[::1\])$/.test(hostname)) {
    note(ctx, `set PUBLIC_URL to the site's public https origin and run setup again to create the webhook (topics: ${WEBHOOK_TOPICS.join(', ')}).`);
    return newSecret;
  }
  const filters = [{ equals: [{ doc: 'sys.environment.sys.id' }, ctx.env.environmentId] as [{ doc: 'sys.environment.sys.id' }, string] }];
  const data = { name: NAME, url, topics: WEBHOOK_TOPICS, filters, active: true, headers: [] };
  const existing = (await ctx.cma.webhook.getMany({ query: { limit: 1000 } })).items.find((w) => w.name === NAME);
  const sorted = (topics: string[]) => [...topics].sort();
  if (!existing) await change(ctx, `create webhook "${NAME}" → ${url}`, () => ctx.cma.webhook.create({}, data));
  else if (!isDeepStrictEqual([existing.url, sorted(existing.topics), existing.filters ?? []], [url, sorted(WEBHOOK_TOPICS), filters]))
    await change(ctx, `update webhook "${NAME}" → ${url}`, () => ctx.cma.webhook.update({ webhookDefinitionId: existing.sys.id }, { ...existing, ...data }));
  else unchanged(ctx, `webhook "${NAME}" calls ${url}`);
  return newSecret;
}

async function ensureSigningSecret(ctx: SetupContext): Promise<string | undefined> {
  const current = await ctx.cma.webhook.getSigningSecret({}).catch((error: unknown) => {
    if (toSdkFailure(error).status === 404) return undefined;
    throw error;
  });
  const known = ctx.env.webhookSecret;
  if (current && !ctx.flags['rotate-webhook-secret']) {
    if (known?.endsWith(current.redactedValue)) unchanged(ctx, 'the signing secret matches CONTENTFUL_WEBHOOK_SECRET');
    else
      note(
        ctx,
        `the space has a signing secret (…${current.redactedValue}) that setup cannot read: ` +
          'put it into CONTENTFUL_WEBHOOK_SECRET, or run with --rotate-webhook-secret.',
      );
    return undefined;
  }
  // 64 characters, the length Contentful's request verification uses and the server's config insists on.
  const value = known?.length === 64 && !current ? known : randomBytes(32).toString('hex');
  await change(ctx, `${current ? 'replace' : 'set'} the space's webhook signing secret`, () => ctx.cma.webhook.upsertSigningSecret({}, { value }));
  return ctx.flags['dry-run'] || value === known ? undefined : value;
}

interface PreviewEnvironment {
  sys: { id: string; version: number };
  configurations: { contentType: string; url: string; enabled: boolean; example: boolean }[];
  name: string;
}

const previewUrls = (origin: string, secret: string) =>
  Object.fromEntries(
    (['model', 'article', 'page'] as const).map((type) => {
      const path = ROUTE_PATHS[type].replace(/:\w+/, '{entry.fields.slug}');
      return [type, `${origin}/api/preview?secret=${encodeURIComponent(secret)}&path=${path}`];
    }),
  );

/** PREVIEW_SECRET, else the one a previous run put into the URLs (so a second run changes nothing), else a new one. Other platforms and types stay. */
export async function ensureContentPreview(ctx: SetupContext, origin: string): Promise<string> {
  const { cma, env, flags, out } = ctx;
  const base = `/spaces/${env.spaceId}/preview_environments`;
  const existing = (await cma.raw.get<{ items: PreviewEnvironment[] }>(base)).items.find((item) => item.name === NAME);
  const previous = existing?.configurations.map((c) => URL.parse(c.url)?.searchParams.get('secret')).find(Boolean);
  const secret = env.previewSecret ?? (previous || randomBytes(24).toString('base64url'));
  const urls = previewUrls(origin, secret);
  const wanted = Object.entries(urls).map(([contentType, url]) => ({ contentType, url, enabled: true, example: false }));
  const others = existing?.configurations.filter((c) => !(c.contentType in urls)) ?? [];
  const same = wanted.every((w) => existing?.configurations.some((c) => c.contentType === w.contentType && c.url === w.url && c.enabled));
  const types = Object.keys(urls).join(', ');
  if (existing && same) return (out(`✓ content preview "${NAME}" opens ${types} at ${origin}`), secret);
  out(`+ ${flags['dry-run'] ? 'would ' : ''}${existing ? 'update' : 'create'} content preview "${NAME}" for ${types} at ${origin}`);
  if (flags['dry-run']) return secret;
  const body = { name: NAME, description: 'Vitrine pages in preview mode, also in the Live Preview pane.', configurations: [...others, ...wanted] };
  if (existing) await cma.raw.put(`${base}/${existing.sys.id}`, body, { headers: { 'X-Contentful-Version': String(existing.sys.version) } });
  else await cma.raw.post(base, body);
  return secret;
}

const placeholder = (what: string) => `<${what}: shown on a run without --dry-run>`;

export function printNextSteps(
  ctx: SetupContext,
  tokens: { delivery?: string; preview?: string },
  newSecret: string | undefined,
  origin: string,
  secret: string,
) {
  const { env, flags } = ctx;
  const lines = [
    `CONTENTFUL_SPACE_ID=${env.spaceId}`,
    ...(env.environmentId === 'master' ? [] : [`CONTENTFUL_ENVIRONMENT=${env.environmentId}`]),
    // EU data residency: the delivery API lives beside the management API.
    ...(env.host.endsWith('.eu.contentful.com') ? ['CONTENTFUL_HOST=cdn.eu.contentful.com'] : []),
    `CONTENTFUL_ACCESS_TOKEN=${tokens.delivery ?? placeholder('delivery token')}`,
    `CONTENTFUL_PREVIEW_TOKEN=${tokens.preview ?? placeholder('preview token')}`,
    ...(newSecret ? [`CONTENTFUL_WEBHOOK_SECRET=${newSecret}`] : []),
    ...(env.previewSecret ? [] : [`PREVIEW_SECRET=${secret}`, `COOKIE_SECRET=${randomBytes(32).toString('base64url')}`]),
    ...(env.publicUrl ? [] : ['# PUBLIC_URL=https://your-site.example  (the public origin: canonical URLs, sitemap, webhook)']),
  ];
  ctx.out('');
  ctx.out(flags['dry-run'] ? 'Dry run: nothing was changed. Without --dry-run, setup would finish with these steps:' : 'Next steps');
  ctx.out('  1. Put these lines into .env (secrets: .env is git-ignored; keep them out of tickets and chat):');
  for (const line of lines) ctx.out(`       ${line}`);
  if (!newSecret) ctx.out("     Keep CONTENTFUL_WEBHOOK_SECRET as it is (setup did not change the space's signing secret).");
  ctx.out(`  2. Webhook: ${origin}${CONTENTFUL_WEBHOOK_PATH}, topics ${WEBHOOK_TOPICS.join(', ')},`);
  ctx.out(`     filtered to environment ${env.environmentId}, request verification with CONTENTFUL_WEBHOOK_SECRET (Settings → Webhooks).`);
  ctx.out('  3. Preview: Settings → Content preview has a "Vitrine" platform (Live Preview pane included) with these URLs:');
  for (const [type, url] of Object.entries(previewUrls(origin, '<PREVIEW_SECRET>'))) ctx.out(`       ${type}: ${url}`);
  ctx.out(`     Live Preview frames pages only from PREVIEW_FRAME_ANCESTORS (default app.contentful.com and app.eu.contentful.com).`);
  ctx.out('  4. Start and check: npm start, then curl -s http://localhost:3000/readyz (200 once the space matches; 503 lists what does not).');
  ctx.out('     Step by step, and what to do when a page says "not set up yet": docs/own-space.md');
}
