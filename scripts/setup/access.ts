import { randomBytes } from 'node:crypto';

import { CONTENTFUL_WEBHOOK_PATH } from '#shared/constants.ts';

import { toSdkFailure } from './cma.ts';
import { change, NAME, note, unchanged } from './context.ts';

import type { SetupContext } from './context.ts';

/** Drafts (save, auto_save) would only cost calls the server ignores; Locale is no documented webhook topic. */
export const WEBHOOK_TOPICS = [
  ...['publish', 'unpublish', 'delete', 'archive', 'unarchive'].flatMap((action) => [`Entry.${action}`, `Asset.${action}`]),
  ...['create', 'save', 'delete'].map((action) => `Tag.${action}`),
  ...['publish', 'unpublish', 'delete'].map((action) => `ContentType.${action}`),
];

export interface ApiTokens {
  delivery?: string;
  preview?: string;
}

export async function ensureApiKey(ctx: SetupContext): Promise<ApiTokens> {
  ctx.out(`API key "${NAME}" (Content Delivery and Preview tokens)`);
  const envLink = { sys: { type: 'Link', linkType: 'Environment', id: ctx.env.environmentId } } as const;
  try {
    const { items } = await ctx.cma.apiKey.getMany({ query: { limit: 1000 } });
    let key = items.find((k) => k.name === NAME);
    if (!key) {
      const data = { name: NAME, description: 'Read by the Vitrine server (npm run setup).', environments: [envLink] };
      key = await change(ctx, `create API key "${NAME}" for environment ${ctx.env.environmentId}`, () => ctx.cma.apiKey.create({}, data));
    } else if (!key.environments.some((e) => e.sys.id === ctx.env.environmentId)) {
      const update = { ...key, environments: [...key.environments, envLink] };
      const what = `give API key "${NAME}" access to environment ${ctx.env.environmentId}`;
      key = (await change(ctx, what, () => ctx.cma.apiKey.update({ apiKeyId: update.sys.id }, update))) ?? key;
    } else unchanged(ctx, `API key "${NAME}" exists`);
    if (!key) return {};
    const preview = key.preview_api_key ? await ctx.cma.previewApiKey.get({ previewApiKeyId: key.preview_api_key.sys.id }) : undefined;
    return { delivery: key.accessToken, preview: preview?.accessToken };
  } catch (error) {
    if (toSdkFailure(error).status !== 403) throw error;
    note(ctx, 'the token may not manage API keys: create one in Settings → API keys and copy its two tokens into .env.');
    return {};
  }
}

export interface WebhookResult {
  newSecret?: string;
  url?: string;
}

/** Contentful cannot call a private address. */
export function isReachableFromContentful(publicUrl: string): boolean {
  const { hostname, protocol } = new URL(publicUrl);
  return protocol === 'https:' && !/^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|\[::1\])$/.test(hostname);
}

/** The signing secret is write-only: rotating silently would break the server already verifying with the old one. */
export async function ensureWebhook(ctx: SetupContext): Promise<WebhookResult> {
  ctx.out('Webhook');
  const url = ctx.env.publicUrl ? `${ctx.env.publicUrl}${CONTENTFUL_WEBHOOK_PATH}` : undefined;
  const newSecret = await ensureSigningSecret(ctx);
  if (!url || !isReachableFromContentful(url)) {
    note(ctx, `set PUBLIC_URL to the site's public https origin and run setup again to create the webhook (topics: ${WEBHOOK_TOPICS.join(', ')}).`);
    return { newSecret, url };
  }
  const data = {
    name: NAME,
    url,
    topics: WEBHOOK_TOPICS,
    filters: [{ equals: [{ doc: 'sys.environment.sys.id' }, ctx.env.environmentId] as [{ doc: 'sys.environment.sys.id' }, string] }],
    active: true,
    headers: [],
  };
  const { items } = await ctx.cma.webhook.getMany({ query: { limit: 1000 } });
  const existing = items.find((w) => w.name === NAME);
  if (!existing) await change(ctx, `create webhook "${NAME}" → ${url}`, () => ctx.cma.webhook.create({}, data));
  else if (existing.url !== url || !sameTopics(existing.topics, WEBHOOK_TOPICS) || JSON.stringify(existing.filters ?? []) !== JSON.stringify(data.filters))
    await change(ctx, `update webhook "${NAME}" → ${url}`, () => ctx.cma.webhook.update({ webhookDefinitionId: existing.sys.id }, { ...existing, ...data }));
  else unchanged(ctx, `webhook "${NAME}" calls ${url}`);
  return { newSecret, url };
}

async function ensureSigningSecret(ctx: SetupContext): Promise<string | undefined> {
  const current = await ctx.cma.webhook.getSigningSecret({}).catch((error: unknown) => {
    if (toSdkFailure(error).status === 404) return undefined;
    throw error;
  });
  const known = ctx.env.webhookSecret;
  if (current && !ctx.flags.rotateWebhookSecret) {
    if (known && known.endsWith(current.redactedValue)) unchanged(ctx, 'the signing secret matches CONTENTFUL_WEBHOOK_SECRET');
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
  return ctx.flags.dryRun || value === known ? undefined : value;
}

function sameTopics(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}
