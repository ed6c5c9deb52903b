// Only what the space lacks is handed to contentful-import (it re-uploads every asset it is given), so edits are never overwritten.
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';

import { toSdkFailure } from './cma.ts';
import { change, readJson, SetupError, unchanged } from './context.ts';

import type { SetupContext } from './context.ts';

interface ExportedEntity {
  sys: { id: string; publishedVersion?: number };
  metadata?: { tags?: unknown[]; concepts?: unknown[] };
  fields: Record<string, Record<string, unknown>>;
}

type RunImport = (params: Record<string, unknown>) => Promise<unknown>;
// Its ESM build imports date-fns by directory, which Node's ESM loader refuses; the CommonJS build loads.
const runContentfulImport = createRequire(import.meta.url)('contentful-import') as RunImport;

const ASSETS_DIRECTORY = fileURLToPath(new URL('../../content/assets', import.meta.url));
/** 25 ids of up to 64 characters keep a lookup's query string under the ~2,000 characters contentful-import also keeps to. */
const IDS_PER_QUERY = 25;

/** `rateLimit`: requests per second; Contentful allows 7 on free spaces. */
export async function importDemoContent(ctx: SetupContext, locales: string[], options: { rateLimit: number }): Promise<void> {
  ctx.out('Demo content (content/space-export.json)');
  const space = readJson<{ entries: ExportedEntity[]; assets: ExportedEntity[] }>('content/space-export.json');
  const [haveEntries, haveAssets] = await Promise.all([existingIds(ctx, 'entry', space.entries), existingIds(ctx, 'asset', space.assets)]);
  const entries = space.entries.filter((e) => !haveEntries.has(e.sys.id)).map((e) => toImport(e, locales));
  const assets = space.assets.filter((a) => !haveAssets.has(a.sys.id)).map((a) => toImport(a, locales));
  if (haveEntries.size + haveAssets.size > 0) unchanged(ctx, `${haveEntries.size} demo entries and ${haveAssets.size} assets exist (never overwritten)`);
  if (entries.length + assets.length === 0) return;
  const content = { entries, assets, contentTypes: [], editorInterfaces: [], locales: [], tags: [], webhooks: [] };
  const errorLogFile = join(tmpdir(), `vitrine-setup-import-errors-${process.pid}.json`);
  await change(ctx, `import ${entries.length} entries and upload ${assets.length} assets, publishing what the demo publishes`, () =>
    withConsoleTo(ctx.out, () =>
      runContentfulImport({
        spaceId: ctx.env.spaceId,
        environmentId: ctx.env.environmentId,
        managementToken: ctx.env.managementToken,
        host: ctx.env.host,
        hostUpload: ctx.env.hostUpload,
        insecure: ctx.env.insecure,
        content,
        skipContentModel: true,
        uploadAssets: true,
        assetsDirectory: ASSETS_DIRECTORY,
        rateLimit: options.rateLimit,
        useVerboseRenderer: true,
        errorLogFile,
      }),
    ).catch((error: unknown) => {
      const errors = (error as { errors?: { error?: unknown }[] }).errors ?? [];
      const first = errors.slice(0, 3).map((e) => toSdkFailure(e.error ?? e).message.slice(0, 300));
      throw new SetupError(`The demo import stopped with ${errors.length || 'an'} error(s) (details: ${errorLogFile}): ${first.join(' | ') || String(error)}`);
    }),
  );
}

async function existingIds(ctx: SetupContext, type: 'entry' | 'asset', entities: ExportedEntity[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < entities.length; i += IDS_PER_QUERY) {
    const ids = entities.slice(i, i + IDS_PER_QUERY).map((e) => e.sys.id);
    const query = { 'sys.id[in]': ids.join(','), select: 'sys.id', limit: IDS_PER_QUERY };
    const { items } = type === 'entry' ? await ctx.cma.entry.getMany({ query }) : await ctx.cma.asset.getMany({ query });
    for (const item of items) found.add(item.sys.id);
  }
  return found;
}

/** Fields of locales the space lacks would be refused; taxonomy concepts exist only once an org admin creates them. */
function toImport(entity: ExportedEntity, locales: string[]): ExportedEntity {
  const fields = Object.fromEntries(
    Object.entries(entity.fields).map(([id, values]) => [id, Object.fromEntries(Object.entries(values).filter(([locale]) => locales.includes(locale)))]),
  );
  const metadata = entity.metadata ? { ...entity.metadata, concepts: [] } : undefined;
  return { ...entity, fields, ...(metadata ? { metadata } : {}) };
}

/** contentful-import reports through console.*; setup's output scrubs the token. */
async function withConsoleTo<T>(out: (line: string) => void, run: () => Promise<T>): Promise<T> {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const sink = (...args: unknown[]) => out(`    ${format(...args)}`);
  Object.assign(console, { log: sink, info: sink, warn: sink, error: sink });
  try {
    return await run();
  } finally {
    Object.assign(console, saved);
  }
}
