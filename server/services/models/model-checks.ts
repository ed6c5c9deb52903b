import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';

import { DEFAULT_LOCALE } from '#shared/content/types.ts';
import { createModelFileReader } from '#server/services/models/model-files.ts';
import { ExternalFileError, unviewable, validateModel } from '#server/services/models/model-validation.ts';
import { withTimeout } from '#shared/timeout.ts';

import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { Model3D, ModelCheck, ViewerSource } from '#shared/content/types.ts';
import type { ContentEvents } from '#server/services/content/content-events.ts';
import type { ReadModelFile } from '#server/services/models/model-files.ts';
import type { ResolveExternal } from '#server/services/models/model-validation.ts';
import type { Logger } from 'pino';

export interface ModelChecksOptions {
  content: ContentApi;
  readFile: ReadModelFile;
  /** A file the .gltf names that is not in `model.files` may sit beside it in the export's folder (with a warning). */
  embedded: boolean;
  timeoutMs: number;
  logger: Logger;
  onChange?: (modelIds: string[]) => void;
}

/** Results kept by file version: the published models plus drafts previewed since. */
const MAX_CACHED = 500;
const PUBLISHED: QueryOptions = { locale: DEFAULT_LOCALE, preview: false };

// A new upload gets a new URL (Contentful) or size, so only changed files are validated again.
const versionOf = (model: Model3D) => JSON.stringify([model.file.url, model.file.size, ...(model.files ?? []).map((f) => [f.fileName, f.url, f.size])]);
const baseName = (uri: string) => uri.split(/[/\\]/).pop() ?? uri;
const viewerKeys = new WeakMap<ViewerSource, string>();
// Per source object: the content cache hands every request the same one until the content changes.
const viewerKeyOf = (source: ViewerSource) => {
  let key = viewerKeys.get(source);
  if (key === undefined) viewerKeys.set(source, (key = JSON.stringify([source.src, source.files ?? null])));
  return key;
};

/** One at a time, each within `timeoutMs`. A broken model never makes the site unready: visitors get its poster, editors the problems. */
export function createModelChecks(options: ModelChecksOptions) {
  const { content, readFile, logger } = options;
  const queue = pLimit(1);
  const check = (model: Model3D) =>
    queue(() => withTimeout(validate(model), options.timeoutMs, () => unviewable(`validation took longer than ${options.timeoutMs} ms`))).catch(
      (error: unknown) => unviewable(`${model.file.fileName}: could not be validated (${String(error)})`),
    );
  // Pending checks are shared, and finish for their callers even when evicted; `get` answers only finished ones.
  const cache = new LRUCache<string, ModelCheck, Model3D>({
    max: MAX_CACHED,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => check(context),
  });
  // `viewerKey`: the viewer source's file URLs, to tell whether a rich-text embed of this model shows the checked version.
  const recorded = new Map<string, { slug: string; fileName: string; key: string; viewerKey: string; check: ModelCheck }>();
  let state: 'checking' | 'done' = 'checking';

  function resolverFor(model: Model3D): ResolveExternal {
    const byName = new Map((model.files ?? []).map((asset) => [asset.fileName, asset.url]));
    return async (uri) => {
      const url = byName.get(baseName(uri));
      if (url) return { bytes: await readFile(url).catch((error: Error) => Promise.reject(new ExternalFileError(error.message))) };
      if (options.embedded && !uri.startsWith('/') && !uri.includes(':')) {
        const sibling = new URL(uri, new URL(model.file.url, 'http://export')).pathname;
        const bytes = await readFile(sibling).catch(() => undefined);
        if (bytes) return { bytes, warning: 'found beside the .gltf in the export only; add it to model.files so it works in a Contentful space' };
      }
      throw new ExternalFileError('not found — add it to model.files');
    };
  }

  async function validate(model: Model3D): Promise<ModelCheck> {
    const bytes = await readFile(model.file.url).catch((error: unknown) => error as Error);
    if (bytes instanceof Error) return unviewable(`${model.file.fileName}: ${bytes.message}`);
    return validateModel(bytes, model.file.fileName, resolverFor(model));
  }

  const checkModel = async (model: Model3D): Promise<ModelCheck> => (await cache.fetch(versionOf(model), { context: model }))!;

  function record(model: Model3D, check: ModelCheck, changed: string[]): void {
    const key = versionOf(model);
    if (recorded.get(model.id)?.key === key) return;
    recorded.set(model.id, { slug: model.slug, fileName: model.file.fileName, key, viewerKey: viewerKeyOf(model.viewer), check });
    changed.push(model.id);
    if (check.errorCount > 0)
      logger.warn({ model: model.slug, file: model.file.fileName, errors: check.errors, errorCount: check.errorCount }, 'model file has errors');
  }

  async function refresh(ids?: readonly string[]): Promise<void> {
    const started = performance.now();
    const summaries = await content.listModels({}, PUBLISHED);
    const wanted = ids ? summaries.filter((m) => ids.includes(m.id)) : summaries;
    const changed: string[] = [];
    const present = new Set(summaries.map((m) => m.id));
    for (const id of [...recorded.keys()].filter((id) => !present.has(id) && (!ids || ids.includes(id)))) {
      recorded.delete(id);
      changed.push(id);
    }
    await Promise.all(
      wanted.map(async (summary) => {
        const model = await content.getModel(summary.slug, PUBLISHED);
        if (model) record(model, await checkModel(model), changed);
      }),
    );
    if (!ids) {
      state = 'done';
      const withErrors = [...recorded.values()].filter((r) => r.check.errorCount > 0).length;
      logger.info({ models: recorded.size, withErrors, ms: Math.round(performance.now() - started) }, 'model files validated');
    }
    if (changed.length > 0) options.onChange?.(changed);
  }

  return {
    refresh,
    /** An unchecked draft (preview) is queued for next time. */
    checkOf(model: Model3D, queueIfMissing = false): ModelCheck | undefined {
      const cached = cache.get(versionOf(model));
      if (!cached && queueIfMissing) void checkModel(model);
      return cached;
    },
    /** When `source` (a rich-text embed of published model `id`) shows the same files. */
    checkOfEmbed(id: string, source: ViewerSource): ModelCheck | undefined {
      const found = recorded.get(id);
      return found?.viewerKey === viewerKeyOf(source) ? found.check : undefined;
    },
    /** For /readyz: a broken model does not stop the site. */
    status() {
      const broken = [...recorded.values()].filter((r) => r.check.errorCount > 0);
      const problems = broken.flatMap((r) => r.check.errors.map((message) => ({ path: `model ${r.slug} (${r.fileName})`, message })));
      const detail = state === 'checking' ? 'validating model files' : `${recorded.size} model files validated, ${broken.length} with errors`;
      return { mode: 'gltf-validator', ready: true, detail, ...(problems.length > 0 ? { problems } : {}) };
    },
  };
}

export type ModelChecks = ReturnType<typeof createModelChecks>;

/** `timeoutMs`: to download and validate it, sibling files included. */
const MODEL_FILE_LIMITS = { maxBytes: 64 * 1024 * 1024, timeoutMs: 30_000 };
const RETRY_MS = 30_000;

/** Validation of one change never delays the webhook's answer. */
export function startModelChecks(
  deps: { content: ContentApi; events: ContentEvents; embedded: boolean; assetsDir: string; logger: Logger } & Pick<ModelChecksOptions, 'onChange'>,
) {
  const logger = deps.logger.child({ module: 'models' });
  const readFile = createModelFileReader({ assetsDir: deps.embedded ? deps.assetsDir : undefined, ...MODEL_FILE_LIMITS });
  const checks = createModelChecks({ ...deps, readFile, logger, timeoutMs: MODEL_FILE_LIMITS.timeoutMs });
  const firstPass = () =>
    checks.refresh().catch((err: unknown) => {
      logger.warn({ err }, 'model files could not be listed; trying again in 30 s');
      setTimeout(firstPass, RETRY_MS).unref();
    });
  void firstPass();
  deps.events.subscribe((change) => {
    if (change.entityType !== 'Entry' && change.entityType !== 'Asset') return;
    void checks.refresh(change.affectedIds).catch((err: unknown) => logger.warn({ err, id: change.id }, 'model files could not be checked after a change'));
  });
  return checks;
}
