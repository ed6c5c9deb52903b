import { describe, expect, it } from 'vitest';

import { createCdaServer } from '../../../tests/fakes/cda-server.ts';
import { cdaGet, createFixtureEngine, idsOf, readFixture } from '../../../tests/fixtures/contentful/fixture.ts';
import { createCdaEngine } from './engine.ts';

import type { EntityBody, ErrorBody } from '../../../tests/fixtures/contentful/fixture.ts';

const engine = createFixtureEngine();

describe('createCdaEngine', () => {
  it('answers with the CDA media type and a request id', () => {
    const response = cdaGet(engine, 'entries');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.contentful.delivery.v1+json');
    expect(response.headers['x-contentful-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shapes entry sys as the CDA does', () => {
    const { body } = cdaGet<EntityBody>(engine, 'entries/article-chairs');

    expect(body.sys).toEqual({
      space: { sys: { type: 'Link', linkType: 'Space', id: 'vitrine-test' } },
      id: 'article-chairs',
      type: 'Entry',
      createdAt: '2024-02-01T09:00:00.000Z',
      updatedAt: '2024-03-01T09:00:00.000Z',
      environment: { sys: { id: 'master', type: 'Link', linkType: 'Environment' } },
      publishedVersion: 6,
      revision: 3,
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } },
      locale: 'en-US',
    });
    expect(Object.keys(body)).toEqual(['metadata', 'sys', 'fields']);
  });

  it('shows only public tags and the concepts in metadata', () => {
    const chairs = cdaGet<EntityBody>(engine, 'entries/article-chairs').body;
    const model = cdaGet<EntityBody>(engine, 'entries/model-chair').body;

    expect(chairs.metadata).toEqual({ tags: [{ sys: { type: 'Link', linkType: 'Tag', id: 'design' } }], concepts: [] });
    expect(model.metadata.concepts).toEqual([{ sys: { type: 'Link', linkType: 'TaxonomyConcept', id: 'chairs' } }]);
  });

  it('never serves omitted fields', () => {
    const { body } = cdaGet<EntityBody>(engine, 'entries/article-chairs');

    expect(body.fields).not.toHaveProperty('internalNote');
  });

  it('rewrites ctfassets URLs to the asset base URL', () => {
    const hero = cdaGet<EntityBody>(engine, 'assets/asset-hero').body;
    const glb = cdaGet<EntityBody>(createFixtureEngine({ assetBaseUrl: 'https://cdn.example/files/' }), 'assets/asset-glb').body;

    expect(hero.fields['file']).toMatchObject({ url: '/content-assets/images.ctfassets.net/vitrine-test/asset-hero/abc123/hero.jpg' });
    expect(glb.fields['file']).toMatchObject({ url: 'https://cdn.example/files/assets.ctfassets.net/vitrine-test/asset-glb/def456/chair.glb' });
    expect(hero.sys).not.toHaveProperty('contentType');
  });

  it('answers the space-level paths for the default environment', () => {
    const response = engine.handle({ method: 'GET', path: '/spaces/vitrine-test/entries/article-lamps', query: {} });

    expect(response.status).toBe(200);
    expect((response.body as EntityBody).sys.id).toBe('article-lamps');
  });

  it('lists public tags only and hides private ones', () => {
    const list = cdaGet(engine, 'tags');
    const privateTag = cdaGet<ErrorBody>(engine, 'tags/internal');
    const publicTag = cdaGet<Record<string, unknown>>(engine, 'tags/design');

    expect(idsOf(list.body)).toEqual(['design', 'materials']);
    expect(privateTag.status).toBe(404);
    expect(publicTag.body).toMatchObject({ name: 'Design', sys: { id: 'design', type: 'Tag', visibility: 'public', version: 1 } });
  });

  it('renders an entity once per locale and shares the frozen result across queries', () => {
    const big = createBigEngine(120);
    const query = { content_type: 'article', 'fields.rating[in]': '2,3,4,5', order: '-fields.publishDate', include: '2', limit: '50' };
    const first = cdaGet(big, 'entries', query).body;
    const second = cdaGet(big, 'entries', query).body;

    expect(first.total).toBeGreaterThan(50);
    expect(second.items[0]).toBe(first.items[0]);
    expect(second.includes?.Entry?.[0]).toBe(first.includes?.Entry?.[0]);
    expect(Object.isFrozen(first.items[0]?.fields)).toBe(true);
  });
});

describe('createCdaEngine errors', () => {
  it('answers 404 NotFound for a missing entry, with the CDA details', () => {
    const { status, body } = cdaGet<ErrorBody>(engine, 'entries/nope');

    expect(status).toBe(404);
    expect(body).toEqual({
      sys: { type: 'Error', id: 'NotFound' },
      message: 'The resource could not be found.',
      details: { type: 'Entry', id: 'nope', environment: 'master', space: 'vitrine-test' },
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('answers 404 for another space, another environment and unknown paths', () => {
    const otherSpace = engine.handle({ method: 'GET', path: '/spaces/other/environments/master/entries', query: {} });
    const otherEnvironment = engine.handle({ method: 'GET', path: '/spaces/vitrine-test/environments/staging/entries', query: {} });
    const unknown = cdaGet<ErrorBody>(engine, 'widgets');

    expect(otherSpace.status).toBe(404);
    expect(otherSpace.body).toMatchObject({ details: { type: 'Space', id: 'other' } });
    expect(otherEnvironment.body).toMatchObject({ sys: { id: 'NotFound' }, details: { type: 'Environment', id: 'staging' } });
    expect(unknown.status).toBe(404);
  });

  it('answers 400 BadRequest for an unknown locale and for writes', () => {
    const locale = cdaGet<ErrorBody>(engine, 'entries', { locale: 'it-IT' });
    const write = engine.handle({ method: 'POST', path: '/spaces/vitrine-test/environments/master/entries', query: {} });

    expect(locale.status).toBe(400);
    expect(locale.body).toMatchObject({ sys: { type: 'Error', id: 'BadRequest' }, message: 'Unknown locale: it-IT' });
    expect(write.status).toBe(400);
    expect(write.body).toMatchObject({ sys: { id: 'BadRequest' } });
  });

  it('answers 400 InvalidQuery for an unknown content type', () => {
    const { status, body } = cdaGet<ErrorBody>(engine, 'entries', { content_type: 'widget' });

    expect(status).toBe(400);
    expect(body).toMatchObject({
      sys: { type: 'Error', id: 'InvalidQuery' },
      message: 'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.',
      details: { errors: [{ name: 'unknownContentType', value: 'widget' }] },
    });
  });

  it('answers 400 InvalidQuery for an unknown parameter', () => {
    const { status, body } = cdaGet<ErrorBody>(engine, 'entries', { name: 'x' });

    expect(status).toBe(400);
    expect(body.details).toEqual({ errors: [{ name: 'unknown', path: ['name'], details: 'The path "name" is not recognized' }] });
  });

  it('answers 401 AccessTokenInvalid when tokens are configured and the token is wrong', () => {
    const secured = createCdaServer(createFixtureEngine(), { accessTokens: { delivery: 'cda-token', preview: 'cpa-token' } });
    const request = { method: 'GET', path: '/spaces/vitrine-test/environments/master/entries/article-draft', query: {} };

    const wrong = secured.handle({ ...request, accessToken: 'nope' });
    const previewWithDeliveryToken = secured.handle({ ...request, preview: true, accessToken: 'cda-token' });
    const byPreviewToken = secured.handle({ ...request, accessToken: 'cpa-token' });
    const byQueryToken = secured.handle({ ...request, query: { access_token: 'cda-token' } });

    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      sys: { type: 'Error', id: 'AccessTokenInvalid' },
      message: 'The access token you sent could not be found or is invalid.',
    });
    expect(previewWithDeliveryToken.status).toBe(401);
    expect(byPreviewToken.status).toBe(200);
    expect(byQueryToken.status).toBe(400);
  });

  it('answers 400 naming the README for CDA surface it leaves out', () => {
    const left = [
      ['', {}],
      ['taxonomy/concept-schemes', {}],
      ['taxonomy/concepts/chairs/ancestors', {}],
      ['taxonomy/concepts', { conceptScheme: 'product-categories' }],
      ['taxonomy/concepts', { pageNext: 'x' }],
      ['assets', {}],
      ['entries', { query: 'oak' }],
      ['entries', { content_type: 'article', 'fields.title[match]': 'chair' }],
      ['entries', { content_type: 'article', 'fields.rating[gte]': '2' }],
      ['entries', { 'metadata.tags.sys.id[all]': 'design,materials' }],
      ['entries', { cursor: 'true' }],
      ['entries', { links_to_asset: 'asset-poster' }],
      ['entries', { 'metadata.concepts.descendants[in]': 'furniture' }],
      ['entries', { locale: '*' }],
    ] as const;
    for (const [path, query] of left) {
      const { status, body } = cdaGet<ErrorBody>(engine, path, query);

      expect(status).toBe(400);
      expect(body.message).toMatch(/is not supported by the embedded engine; see server\/embedded\/contentful\/README\.md$/);
    }
    expect(engine.handle({ method: 'GET', path: '/spaces/vitrine-test', query: {} }).status).toBe(400);
  });
});

/** The fixture plus `count` copies of an article (different ids, dates and ratings). */
function createBigEngine(count: number) {
  const data = readFixture();
  const template = data.entries.find((entry) => entry.sys.id === 'article-chairs');
  if (!template) throw new Error('the fixture lost article-chairs');
  for (let i = 0; i < count; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    data.entries.push({
      ...template,
      sys: { ...template.sys, id: `bulk-${i}`, updatedAt: `2024-07-${day}T10:00:00.000Z` },
      fields: { ...template.fields, rating: { 'en-US': i % 6 }, publishDate: { 'en-US': `2024-07-${day}` } },
    });
  }
  return createCdaEngine(data);
}
