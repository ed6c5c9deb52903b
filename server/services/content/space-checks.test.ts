import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';
import { createContentCache } from '#server/services/content/content-cache.ts';
import { createContentService } from '#server/services/content/content-service.ts';
import { createContentfulClients } from '#server/services/content/contentful-client.ts';
import { spaceReadiness, startSpaceChecks } from '#server/services/content/space-checks.ts';
import { createSpaceStatusStore } from '#server/services/content/space-status.ts';

import { readDemoExport } from '../../../tests/fakes/contentful.ts';
import { createLogCapture } from '../../../tests/fakes/test-app.ts';

import type { CdaEngine, CdaRequest, CdaResponse } from '#server/embedded/contentful/engine.ts';
import type { SpaceExport } from '#server/embedded/contentful/space-export-schema.ts';
import type { LogLine } from '../../../tests/fakes/test-app.ts';

const logger = pino({ level: 'silent' });
const demoEngine = createCdaEngine(parseSpaceExport(readDemoExport(), 'demo').space);
type Model = Omit<SpaceExport, 'entries' | 'assets'>;

const HEADERS = { 'content-type': 'application/vnd.contentful.delivery.v1+json' };
const cdaError = (status: number, id: string): CdaResponse => ({ status, headers: HEADERS, body: { sys: { type: 'Error', id }, message: id, requestId: 'x' } });

/** The demo engine behind an in-process handler that answers some requests itself, in the CDA's wire shape. */
function engineAnswering(answer: (request: CdaRequest) => CdaResponse | undefined): CdaEngine {
  return { ...demoEngine, handle: (request) => answer(request) ?? demoEngine.handle(request) };
}

async function check(model: () => Model | undefined, log = logger) {
  const store = createSpaceStatusStore();
  const checks = startSpaceChecks({ model, store, logger: log, recheckMs: 0 });
  await checks.first;
  return { store, checks };
}

/** The content service over an engine, as the pages read it. */
async function contentOver(engine: CdaEngine) {
  const { delivery } = await createContentfulClients({}, { engine });
  return createContentService({ delivery, cache: createContentCache({ ttlMs: 60_000, maxBytes: 1e7, logger }), logger });
}

afterEach(() => void vi.useRealTimers());

describe('startSpaceChecks', () => {
  it('finds the demo space ready', async () => {
    const { store, checks } = await check(() => demoEngine.model());
    expect(store.get()).toMatchObject({ state: 'ready', errors: [], locales: ['en-US', 'de-DE'] });
    expect(spaceReadiness('embedded', store.get())).toMatchObject({ mode: 'embedded', ready: true });
    checks.stop();
  });

  it('degrades a space without tags or taxonomy: ready with warnings, and the content service lists none where the CDA answers 404', async () => {
    const model = demoEngine.model();
    const { store, checks } = await check(() => ({ ...model, tags: [], taxonomy: { ...model.taxonomy, concepts: [] } }));
    expect(store.get().state).toBe('ready');
    expect(store.get().warnings.map((w) => w.path)).toEqual(['tags', 'taxonomy']);

    const content = await contentOver(
      engineAnswering((request) => (/\/(taxonomy\/concepts|tags)$/.test(request.path) ? cdaError(404, 'NotFound') : undefined)),
    );
    expect(await content.listCategories({ locale: 'en-US', preview: false })).toEqual([]);
    expect(await content.listTags({ locale: 'en-US', preview: false })).toEqual([]);
    expect((await content.listModels({}, { locale: 'en-US', preview: false })).length).toBeGreaterThan(0);
    checks.stop();
  });

  it('keeps failing reads apart from missing features: content queries fail on a 500 from the taxonomy, not "no taxonomy"', async () => {
    const content = await contentOver(engineAnswering((request) => (request.path.endsWith('/taxonomy/concepts') ? cdaError(500, 'ServerError') : undefined)));
    await expect(content.listCategories({ locale: 'en-US', preview: false })).rejects.toThrow();
  });

  it("is unreachable before a replica's first sync, and ready once the model is there", async () => {
    let model: Model | undefined = undefined;
    const lines: LogLine[] = [];
    const { store, checks } = await check(() => model, pino({ level: 'warn' }, createLogCapture(lines)));
    expect(store.get().state).toBe('unreachable');
    expect(lines).toHaveLength(1);
    expect(spaceReadiness('contentful', store.get())).toEqual({ mode: 'contentful', ready: false, detail: 'content model could not be read; retrying' });

    model = demoEngine.model();
    expect((await checks.recheck()).state).toBe('ready');
    checks.stop();
  });

  it('checks a space that is not set up again every recheckMs, so setting it up brings the site alive without a restart', async () => {
    let hasModel = false;
    let reads = 0;
    const model = () => {
      reads += 1;
      return hasModel ? demoEngine.model() : { ...demoEngine.model(), contentTypes: [] };
    };
    const store = createSpaceStatusStore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const changes: string[] = [];
    const checks = startSpaceChecks({ model, store, logger, recheckMs: 30_000, onChange: (status) => void changes.push(status.state) });
    await checks.first;
    expect(store.get().state).toBe('not-set-up');
    hasModel = true;
    await vi.advanceTimersByTimeAsync(30_000);
    await store.whenReady();
    expect(changes).toEqual(['not-set-up', 'ready']);
    const before = reads;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reads).toBe(before);
    checks.stop();
  });

  it('keeps the last result of a space that answered once', async () => {
    let model: Model | undefined = demoEngine.model();
    const { store, checks } = await check(() => model);
    model = undefined;
    expect((await checks.recheck()).state).toBe('ready');
    expect(store.get().state).toBe('ready');
    checks.stop();
  });
});
