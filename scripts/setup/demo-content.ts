// Only what the space lacks is handed to contentful-import (it re-uploads every asset it is given), so edits are never overwritten.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';

import { change, SetupError, toSdkFailure, unchanged } from './context.ts';

import type { SetupContext } from './context.ts';

interface ExportedEntity {
  sys: { id: string };
  metadata?: object;
  fields: Record<string, Record<string, unknown>>;
}

// Its ESM build imports date-fns by directory, which Node's ESM loader refuses; the CommonJS build loads.
const runContentfulImport = createRequire(import.meta.url)('contentful-import') as (params: object) => Promise<unknown>;

const CONTENT = new URL('../../content/', import.meta.url);
/** 25 ids of up to 64 characters keep a lookup's query string under the ~2,000 characters contentful-import also keeps to. */
const IDS_PER_QUERY = 25;

/** `rateLimit`: requests per second; Contentful allows 7 on free spaces. */
export async function importDemoContent(ctx: SetupContext, locales: string[], rateLimit: number): Promise<void> {
  ctx.out('Demo content (content/space-export.json)');
  const space = JSON.parse(readFileSync(new URL('space-export.json', CONTENT), 'utf8')) as Record<'entries' | 'assets', ExportedEntity[]>;
  const [haveEntries, haveAssets] = await Promise.all([existingIds(ctx, 'entry', space.entries), existingIds(ctx, 'asset', space.assets)]);
  const entries = space.entries.filter((e) => !haveEntries.has(e.sys.id)).map((e) => toImport(e, locales));
  const assets = space.assets.filter((a) => !haveAssets.has(a.sys.id)).map((a) => toImport(a, locales));
  if (haveEntries.size + haveAssets.size > 0) unchanged(ctx, `${haveEntries.size} demo entries and ${haveAssets.size} assets exist (never overwritten)`);
  if (entries.length + assets.length === 0) return;
  const { spaceId, environmentId, managementToken, host, hostUpload, insecure } = ctx.env;
  const errorLogFile = join(tmpdir(), `vitrine-setup-import-errors-${process.pid}.json`);
  const params = {
    ...{ spaceId, environmentId, managementToken, host, hostUpload, insecure, rateLimit, errorLogFile },
    content: { entries, assets, contentTypes: [], editorInterfaces: [], locales: [], tags: [], webhooks: [] },
    ...{ skipContentModel: true, uploadAssets: true, assetsDirectory: fileURLToPath(new URL('assets', CONTENT)), useVerboseRenderer: true },
  };
  await change(ctx, `import ${entries.length} entries and upload ${assets.length} assets, publishing what the demo publishes`, () =>
    withConsoleTo(ctx.out, () => runContentfulImport(params)).catch((error: unknown) => {
      const errors = (error as { errors?: { error?: unknown }[] }).errors ?? [];
      const first = errors.slice(0, 3).map((e) => toSdkFailure(e.error ?? e).message.slice(0, 300));
      throw new SetupError(`The demo import stopped with ${errors.length || 'an'} error(s) (details: ${errorLogFile}): ${first.join(' | ') || String(error)}`);
    }),
  );
}

async function existingIds(ctx: SetupContext, type: 'entry' | 'asset', entities: ExportedEntity[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < entities.length; i += IDS_PER_QUERY) {
    const query = {
      'sys.id[in]': entities
        .slice(i, i + IDS_PER_QUERY)
        .map((e) => e.sys.id)
        .join(','),
      select: 'sys.id',
      limit: IDS_PER_QUERY,
    };
    const { items } = await (type === 'entry' ? ctx.cma.entry : ctx.cma.asset).getMany({ query });
    for (const item of items) found.add(item.sys.id);
  }
  return found;
}

/** Fields of locales the space lacks would be refused; taxonomy concepts exist only once an org admin creates them. */
function toImport(entity: ExportedEntity, locales: string[]): ExportedEntity {
  const only = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([locale]) => locales.includes(locale)));
  const fields = Object.fromEntries(Object.entries(entity.fields).map(([id, values]) => [id, only(values)]));
  return { ...entity, fields, ...(entity.metadata ? { metadata: { ...entity.metadata, concepts: [] } } : {}) };
}

/** contentful-import reports through console.*; setup's output scrubs the token. */
async function withConsoleTo<T>(out: (line: string) => void, run: () => Promise<T>): Promise<T> {
  const saved = { ...console };
  const sink = (...args: unknown[]) => out(`    ${format(...args)}`);
  Object.assign(console, { log: sink, info: sink, warn: sink, error: sink });
  try {
    return await run();
  } finally {
    Object.assign(console, saved);
  }
}
