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
import type { LogLine } from '../../../tests/fakes/test-app.ts';

const logger = pino({ level: 'silent' });
const demoEngine = createCdaEngine(parseSpaceExport(readDemoExport(), 'demo').space);

const HEADERS = { 'content-type': 'application/vnd.contentful.delivery.v1+json' };
const cdaError = (status: number, id: string): CdaResponse => ({ status, headers: HEADERS, body: { sys: { type: 'Error', id }, message: id, requestId: 'x' } });

/** The demo engine behind an in-process handler that answers some requests itself, in the CDA's wire shape. */
function engineAnswering(answer: (request: CdaRequest) => CdaResponse | undefined): CdaEngine {
  return { ...demoEngine, handle: (request) => answer(request) ?? demoEngine.handle(request) };
}

async function check(engine: CdaEngine, log = logger) {
  const { delivery } = await createContentfulClients({}, { engine });
  const store = createSpaceStatusStore();
  const checks = startSpaceChecks({ client: delivery, store, logger: log, recheckMs: 0, retryMs: 60_000 });
  await checks.first;
  return { delivery, store, checks };
}

afterEach(() => void vi.useRealTimers());

describe('startSpaceChecks', () => {
  it('finds the demo space ready', async () => {
    const { store, checks } = await check(demoEngine);
    expect(store.get()).toMatchObject({ state: 'ready', errors: [], locales: ['en-US', 'de-DE'] });
    expect(spaceReadiness('embedded', store.get())).toMatchObject({ mode: 'embedded', ready: true });
    checks.stop();
  });

  it('degrades a space whose taxonomy and tags answer 404: ready with warnings, and the content service lists none', async () => {
    const engine = engineAnswering((request) => (/\/(taxonomy\/concepts|tags)$/.test(request.path) ? cdaError(404, 'NotFound') : undefined));
    const { delivery, store, checks } = await check(engine);
    expect(store.get().state).toBe('ready');
    expect(store.get().warnings.map((w) => w.path)).toEqual(['tags', 'taxonomy']);

    const content = createContentService({ delivery, cache: createContentCache({ ttlMs: 60_000, maxBytes: 1e7, logger }), logger });
    expect(await content.listCategories({ locale: 'en-US', preview: false })).toEqual([]);
    expect(await content.listTags({ locale: 'en-US', preview: false })).toEqual([]);
    expect((await content.listModels({}, { locale: 'en-US', preview: false })).length).toBeGreaterThan(0);
    checks.stop();
  });

  it('keeps failing reads apart from missing features: a 500 on the taxonomy is unreachable, not "no taxonomy"', async () => {
    let down = true;
    const engine = engineAnswering((request) => (down && request.path.endsWith('/taxonomy/concepts') ? cdaError(500, 'ServerError') : undefined));
    const lines: LogLine[] = [];
    const { delivery, store, checks } = await check(engine, pino({ level: 'warn' }, createLogCapture(lines)));
    expect(store.get().state).toBe('unreachable');
    // The SDK's error message carries the request's headers with the token's last five characters: never logged.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reason: '500 ServerError', failures: 1, retryInMs: 60_000 });
    expect(JSON.stringify(lines[0])).not.toContain('ivery');
    expect(spaceReadiness('contentful', store.get())).toEqual({ mode: 'contentful', ready: false, detail: 'content model could not be read; retrying' });
    const content = createContentService({ delivery, cache: createContentCache({ ttlMs: 60_000, maxBytes: 1e7, logger }), logger });
    await expect(content.listCategories({ locale: 'en-US', preview: false })).rejects.toThrow();

    down = false;
    expect((await checks.recheck()).state).toBe('ready');
    checks.stop();
  });

  it('checks a space that is not set up again every recheckMs, so setting it up brings the site alive without a restart', async () => {
    let hasModel = false;
    const noTypes: CdaResponse = { status: 200, headers: HEADERS, body: { sys: { type: 'Array' }, total: 0, skip: 0, limit: 1000, items: [] } };
    let typeReads = 0;
    const engine = engineAnswering((request) => {
      if (request.path.endsWith('/content_types')) typeReads += 1;
      return !hasModel && request.path.endsWith('/content_types') ? noTypes : undefined;
    });
    const { delivery: client } = await createContentfulClients({}, { engine });
    const store = createSpaceStatusStore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const changes: string[] = [];
    const checks = startSpaceChecks({ client, store, logger, recheckMs: 30_000, onChange: (status) => void changes.push(status.state) });
    await checks.first;
    expect(store.get().state).toBe('not-set-up');
    hasModel = true;
    await vi.advanceTimersByTimeAsync(30_000);
    await store.whenReady();
    expect(changes).toEqual(['not-set-up', 'ready']);
    const reads = typeReads;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(typeReads).toBe(reads);
    checks.stop();
  });

  it('checks a matching space again every readyRecheckMs, so a locale added later is served without a webhook', async () => {
    let german = false;
    const engine = engineAnswering((request) => {
      if (german || !request.path.endsWith('/locales')) return undefined;
      const body = { sys: { type: 'Array' }, total: 1, skip: 0, limit: 1000, items: [{ code: 'en-US', name: 'English', default: true, fallbackCode: null }] };
      return { status: 200, headers: HEADERS, body };
    });
    const { delivery: client } = await createContentfulClients({}, { engine });
    const store = createSpaceStatusStore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const checks = startSpaceChecks({ client, store, logger, recheckMs: 30_000, readyRecheckMs: 300_000 });
    await checks.first;
    expect(store.get().locales).toEqual(['en-US']);

    german = true;
    await vi.advanceTimersByTimeAsync(299_000);
    expect(store.get().locales).toEqual(['en-US']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.get().locales).toEqual(['en-US', 'de-DE']);
    checks.stop();
  });

  it('keeps the last result of a space that answered once through a failed re-check', async () => {
    let down = false;
    const engine = engineAnswering((request) => (down && request.path.endsWith('/content_types') ? cdaError(503, 'ServiceUnavailable') : undefined));
    const { store, checks } = await check(engine);
    down = true;
    expect((await checks.recheck()).state).toBe('ready');
    expect(store.get().state).toBe('ready');
    checks.stop();
  });
});
