// ADR 065. Other preview platforms and content types are left alone.
import { randomBytes } from 'node:crypto';

import { ROUTE_PATHS } from '#shared/urls.ts';

import { NAME } from './context.ts';

import type { SetupContext } from './context.ts';

interface Configuration {
  contentType: string;
  url: string;
  enabled: boolean;
  example: boolean;
}
interface PreviewEnvironment {
  sys: { id: string; version: number };
  name: string;
  description?: string;
  configurations: Configuration[];
}

const toPreviewPath = (pattern: string) => pattern.replace(/:\w+/, '{entry.fields.slug}');
const PREVIEW_PATHS: Record<string, string> = {
  model: toPreviewPath(ROUTE_PATHS.model),
  article: toPreviewPath(ROUTE_PATHS.article),
  page: toPreviewPath(ROUTE_PATHS.page),
};

export function previewUrls(origin: string, secret: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PREVIEW_PATHS).map(([type, path]) => [type, `${origin}/api/preview?secret=${encodeURIComponent(secret)}&path=${path}`]),
  );
}

/** PREVIEW_SECRET, else the one a previous run put into the URLs (so a second run changes nothing), else a new one. */
export async function ensureContentPreview(ctx: SetupContext, origin: string): Promise<string> {
  const { cma, env, flags, out } = ctx;
  const base = `/spaces/${env.spaceId}/preview_environments`;
  const existing = (await cma.raw.get<{ items: PreviewEnvironment[] }>(base)).items.find((item) => item.name === NAME);
  const previous = existing?.configurations.map((c) => URL.canParse(c.url) && new URL(c.url).searchParams.get('secret')).find(Boolean);
  const secret = env.previewSecret ?? (previous || randomBytes(24).toString('base64url'));
  const urls = previewUrls(origin, secret);
  const wanted = Object.entries(urls).map(([contentType, url]) => ({ contentType, url, enabled: true, example: false }));
  const others = existing?.configurations.filter((c) => !(c.contentType in urls)) ?? [];
  const same = wanted.every((w) => existing?.configurations.some((c) => c.contentType === w.contentType && c.url === w.url && c.enabled));
  const types = Object.keys(urls).join(', ');
  if (existing && same) return (out(`✓ content preview "${NAME}" opens ${types} at ${origin}`), secret);
  out(`+ ${flags.dryRun ? 'would ' : ''}${existing ? 'update' : 'create'} content preview "${NAME}" for ${types} at ${origin}`);
  if (flags.dryRun) return secret;
  const body = { name: NAME, description: 'Vitrine pages in preview mode, also in the Live Preview pane.', configurations: [...others, ...wanted] };
  if (existing) await cma.raw.put(`${base}/${existing.sys.id}`, body, { headers: { 'X-Contentful-Version': String(existing.sys.version) } });
  else await cma.raw.post(base, body);
  return secret;
}
