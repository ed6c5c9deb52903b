import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';
import { createContentCache } from '#server/services/content/content-cache.ts';
import { createContentService } from '#server/services/content/content-service.ts';
import { createContentfulClients } from '#server/services/content/contentful-client.ts';
import { spaceReadiness, startSpaceChecks } from '#server/services/content/space-checks.ts';
import { createSpaceStatusStore } from '#server/services/content/space-status.ts';

import { readDemoExport } from '../../../tests/fakes/contentful.ts';

import type { CdaEngine, CdaRequest } from '#server/embedded/contentful/engine.ts';

const logger = pino({ level: 'silent' });
const demoEngine = createCdaEngine(parseSpaceExport(readDemoExport(), 'demo').space);

/** The demo engine behind an in-process handler that answers some paths itself, in the CDA's error shape. */
function engineAnswering(answer: (request: CdaRequest) => { status: number; id: string } | undefined): CdaEngine {
  return {
    ...demoEngine,
    handle(request) {
      const override = answer(request);
      if (!override) return demoEngine.handle(request);
      const body = { sys: { type: 'Error', id: override.id }, message: `fake ${override.id}`, requestId: 'fake' };
      return { status: override.status, headers: { 'content-type': 'application/vnd.contentful.delivery.v1+json' }, body };
    },
  };
}

async function check(engine: CdaEngine) {
  const { delivery } = await createContentfulClients({ retryLimit: 0 }, { engine });
  const store = createSpaceStatusStore();
  const checks = startSpaceChecks({ client: delivery, store, logger, recheckMs: 0, retryMs: 60_000 });
  await checks.first;
  return { delivery, store, checks };
}

describe('startSpaceChecks', () => {
  it('finds the demo space ready', async () => {
    const { store, checks } = await check(demoEngine);
    expect(store.get()).toMatchObject({ state: 'ready', errors: [], locales: ['en-US', 'de-DE'] });
    expect(spaceReadiness('embedded', store.get())).toMatchObject({ mode: 'embedded', ready: true });
    checks.stop();
  });

  it('degrades a space whose taxonomy and tags answer 404: ready with warnings, and the content service lists none', async () => {
    const engine = engineAnswering((request) => (/\/(taxonomy\/concepts|tags)$/.test(request.path) ? { status: 404, id: 'NotFound' } : undefined));
    const { delivery, store, checks } = await check(engine);
    expect(store.get().state).toBe('ready');
    expect(store.get().warnings.map((w) => w.path)).toEqual(['tags', 'taxonomy']);

    const content = createContentService({ delivery, cache: createContentCache({ ttlMs: 60_000, maxBytes: 1e7, logger }), logger });
    expect(await content.listCategories({ locale: 'en-US' })).toEqual([]);
    expect(await content.listTags({ locale: 'en-US' })).toEqual([]);
    expect((await content.listModels({}, { locale: 'en-US' })).length).toBeGreaterThan(0);
    checks.stop();
  });

  it('keeps failing reads apart from missing features: a 500 on the taxonomy is unreachable, not "no taxonomy"', async () => {
    let down = true;
    const engine = engineAnswering((request) => (down && request.path.endsWith('/taxonomy/concepts') ? { status: 500, id: 'ServerError' } : undefined));
    const { delivery, store, checks } = await check(engine);
    expect(store.get().state).toBe('unreachable');
    expect(spaceReadiness('contentful', store.get())).toEqual({ mode: 'contentful', ready: false, detail: 'content model could not be read; retrying' });
    const content = createContentService({ delivery, cache: createContentCache({ ttlMs: 60_000, maxBytes: 1e7, logger }), logger });
    await expect(content.listCategories({ locale: 'en-US' })).rejects.toThrow();

    down = false;
    expect((await checks.recheck()).state).toBe('ready');
    checks.stop();
  });

  it('keeps the last result of a space that answered once through a failed re-check', async () => {
    let down = false;
    const engine = engineAnswering((request) => (down && request.path.endsWith('/content_types') ? { status: 503, id: 'ServiceUnavailable' } : undefined));
    const { store, checks } = await check(engine);
    down = true;
    expect((await checks.recheck()).state).toBe('ready');
    expect(store.get().state).toBe('ready');
    checks.stop();
  });
});
