import { describe, expect, it } from 'vitest';

import { createContentfulClients } from '#server/services/content/contentful-client.ts';

import { createCdaEngine as cdaEngine } from './engine.ts';
import { createCdaServer } from '../../../tests/fakes/cda-server.ts';
import { cdaGet, createFixtureEngine as fixtureEngine, idsOf, readFixture } from '../../../tests/fixtures/contentful/fixture.ts';

import type { ErrorBody } from '../../../tests/fixtures/contentful/fixture.ts';

// The SDK calls a replica makes for the model against Contentful (ADR 061), answered by the fake Contentful (tests/fakes/cda-server.ts).
const createFixtureEngine = () => createCdaServer(fixtureEngine());
const createCdaEngine = (data: Parameters<typeof cdaEngine>[0]) => createCdaServer(cdaEngine(data));
const { delivery, preview } = await createContentfulClients({}, { engine: createFixtureEngine() });

describe('createCdaEngine content model', () => {
  it('serves the content types to the SDK in their CDA shape', async () => {
    const types = await delivery.getContentTypes();

    expect(types).toMatchObject({ total: 3, skip: 0, limit: 100 });
    expect(idsOf(types)).toEqual(['article', 'person', 'model']);
    const article = types.items[0];
    expect(article).toMatchObject({ sys: { id: 'article', type: 'ContentType', revision: expect.any(Number) }, name: 'Article', displayField: 'title' });
    expect(article?.sys.space.sys.id).toBe('vitrine-test');
    expect(article?.fields.find((field) => field.id === 'heroImage')).toMatchObject({ type: 'Link', linkType: 'Asset', localized: false });
    // Omitted fields are listed as omitted, as the CDA does; CMA-only keys stay out.
    expect(article?.fields.find((field) => field.id === 'internalNote')).toMatchObject({ omitted: true });
    expect(article?.sys).not.toHaveProperty('createdBy');
  });

  it('serves one content type by id, and 404 NotFound for an unknown one', async () => {
    expect(await delivery.getContentType('model')).toMatchObject({ sys: { id: 'model' }, name: '3D model' });
    const missing = cdaGet<ErrorBody>(createFixtureEngine(), 'content_types/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ sys: { id: 'NotFound' }, details: { type: 'ContentType', id: 'nope' } });
  });

  it('serves draft content types on the preview API only', async () => {
    const data = readFixture();
    const draft = data.contentTypes.find((type) => type.sys.id === 'person');
    if (!draft) throw new Error('no person type in the fixture');
    delete draft.sys.publishedVersion;
    delete draft.sys.publishedAt;
    const engine = createCdaEngine(data);
    const clients = await createContentfulClients({}, { engine });

    expect(idsOf(await clients.delivery.getContentTypes())).toEqual(['article', 'model']);
    expect(idsOf(await clients.preview.getContentTypes())).toEqual(['article', 'person', 'model']);
  });

  it('serves the locales with default and fallbacks, hiding those switched off for delivery from the CDA', async () => {
    const locales = await delivery.getLocales();
    expect(locales.items.map(({ code, default: isDefault, fallbackCode }) => [code, isDefault, fallbackCode])).toEqual([
      ['en-US', true, null],
      ['de-DE', false, 'en-US'],
      ['de-CH', false, 'de-DE'],
      ['fr-FR', false, null],
    ]);
    expect(locales.items[0]?.sys).toMatchObject({ type: 'Locale' });

    const data = readFixture();
    const french = data.locales.find((locale) => locale.code === 'fr-FR');
    if (!french) throw new Error('no fr-FR in the fixture');
    french.contentDeliveryApi = false;
    const clients = await createContentfulClients({}, { engine: createCdaEngine(data) });
    expect((await clients.delivery.getLocales()).items.map((locale) => locale.code)).not.toContain('fr-FR');
    expect((await clients.preview.getLocales()).items.map((locale) => locale.code)).toContain('fr-FR');
    expect((await preview.getLocales()).total).toBe(4);
  });

  it('pages with skip and limit, and refuses other parameters with InvalidQuery', () => {
    const engine = createFixtureEngine();
    expect(idsOf(cdaGet(engine, 'content_types', { skip: '1', limit: '1' }).body)).toEqual(['person']);
    const bad = cdaGet<ErrorBody>(engine, 'content_types', { order: 'name' });
    expect(bad.status).toBe(400);
    expect(bad.body.sys.id).toBe('InvalidQuery');
    expect(cdaGet<ErrorBody>(engine, 'locales', { limit: '5000' }).status).toBe(400);
  });
});
