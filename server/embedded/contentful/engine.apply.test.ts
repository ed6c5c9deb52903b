import { describe, expect, it } from 'vitest';

import { cdaGet, createFixtureEngine, idsOf, readFixture } from '../../../tests/fixtures/contentful/fixture.ts';
import { createCdaEngine } from './engine.ts';

import type { CollectionBody, EntityBody, ErrorBody } from '../../../tests/fixtures/contentful/fixture.ts';
import type { CdaEngine } from './engine.ts';
import type { ExportAsset, ExportEntry, SpaceExport } from './space-export-schema.ts';

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });
const notResolvable = (linkType: string, id: string) => ({ sys: { id: 'notResolvable', type: 'error' }, details: { type: 'Link', linkType, id } });

function stored(engine: CdaEngine, id: string): ExportEntry {
  const entry = engine.snapshot().entries.find((item) => item.sys.id === id);
  if (!entry) throw new Error(`the space has no entry ${id}`);
  return structuredClone(entry);
}

function storedAsset(engine: CdaEngine, id: string): ExportAsset {
  const asset = engine.snapshot().assets.find((item) => item.sys.id === id);
  if (!asset) throw new Error(`the space has no asset ${id}`);
  return structuredClone(asset);
}

/** `entry` with `fields` merged in (default locale), published again. */
function edited(entry: ExportEntry, fields: Record<string, unknown>): ExportEntry {
  const published = {
    publishedVersion: (entry.sys.publishedVersion ?? 0) + 2,
    publishedCounter: (entry.sys.publishedCounter ?? 0) + 1,
    publishedAt: '2025-02-01T09:00:00.000Z',
  };
  const localized = Object.fromEntries(Object.entries(fields).map(([id, value]) => [id, { 'en-US': value }]));
  return { ...entry, sys: { ...entry.sys, ...published, updatedAt: '2025-02-01T09:00:00.000Z' }, fields: { ...entry.fields, ...localized } };
}

/** A new published article (a copy of article-tables under another id and slug). */
function newArticle(engine: CdaEngine, id: string, slug: string, fields: Record<string, unknown> = {}): ExportEntry {
  const template = stored(engine, 'article-tables');
  return edited({ ...template, sys: { ...template.sys, id } }, { slug, title: `Article ${id}`, ...fields });
}

function withoutPublish(entry: ExportEntry): ExportEntry {
  const sys = { ...entry.sys };
  delete sys.publishedVersion;
  delete sys.publishedAt;
  delete sys.firstPublishedAt;
  delete sys.publishedCounter;
  return { ...entry, sys };
}

function includedIds(body: CollectionBody, kind: 'Entry' | 'Asset'): string[] {
  return (body.includes?.[kind] ?? []).map((item) => item.sys.id).sort();
}

describe('createCdaEngine apply', () => {
  it('adds a new entry to content_type queries and the slug filter', () => {
    const engine = createFixtureEngine();

    const changes = engine.apply({ entries: [newArticle(engine, 'article-stools', 'stools')] });

    expect(changes).toMatchObject([{ kind: 'Entry', id: 'article-stools', before: undefined, after: { id: 'article-stools' } }]);
    expect(idsOf(cdaGet(engine, 'entries', { content_type: 'article' }).body)).toContain('article-stools');
    expect(idsOf(cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug': 'stools' }).body)).toEqual(['article-stools']);
    expect(cdaGet(engine, 'entries').body.total).toBe(8);
    expect(cdaGet<EntityBody>(engine, 'entries/article-stools').body.fields['title']).toBe('Article article-stools');
  });

  it('replaces an entry: the old slug no longer matches, the new one does', () => {
    const engine = createFixtureEngine();

    engine.apply({ entries: [edited(stored(engine, 'article-tables'), { slug: 'desks', title: 'Desks at work' })] });

    expect(cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug': 'tables-at-work' }).body.total).toBe(0);
    expect(idsOf(cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug': 'desks' }).body)).toEqual(['article-tables']);
    expect(cdaGet<EntityBody>(engine, 'entries/article-tables', { locale: 'de-DE' }).body.fields['title']).toBe('Desks at work');
    expect(cdaGet(engine, 'entries', { content_type: 'article' }).body.total).toBe(3);
  });

  it('orders by the new values', () => {
    const engine = createFixtureEngine();

    engine.apply({ entries: [edited(stored(engine, 'article-tables'), { rating: 9 })] });
    const byRating = cdaGet(engine, 'entries', { content_type: 'article', order: '-fields.rating' }).body;
    const byUpdate = cdaGet(engine, 'entries', { content_type: 'article' }).body;

    expect(idsOf(byRating)).toEqual(['article-tables', 'article-lamps', 'article-chairs']);
    expect(idsOf(byUpdate)[0]).toBe('article-tables');
  });

  it('moves an entry to another content type', () => {
    const engine = createFixtureEngine();
    const grace = stored(engine, 'person-grace');

    engine.apply({ entries: [{ ...grace, sys: { ...grace.sys, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'model' } } } }] });

    expect(idsOf(cdaGet(engine, 'entries', { content_type: 'person' }).body)).toEqual(['person-ada']);
    expect(idsOf(cdaGet(engine, 'entries', { content_type: 'model' }).body)).toContain('person-grace');
    // `name` is a model field too; `mentor` is not, so it is no longer served.
    expect(cdaGet<EntityBody>(engine, 'entries/person-grace').body.fields).toEqual({ name: 'Grace Hopper' });
  });

  it('follows a link added and forgets a link removed in links_to_entry', () => {
    const engine = createFixtureEngine();
    const tables = stored(engine, 'article-tables');
    const grace = stored(engine, 'person-grace');

    engine.apply({ entries: [edited(tables, { author: link('Entry', 'person-grace') }), edited(grace, { mentor: null })] });

    expect(idsOf(cdaGet(engine, 'entries', { links_to_entry: 'person-grace' }).body).sort()).toEqual(['article-lamps', 'article-tables', 'person-ada']);
    expect(idsOf(cdaGet(engine, 'entries', { links_to_entry: 'person-ada' }).body)).toEqual(['article-chairs']);
    expect(idsOf(cdaGet(engine, 'entries', { links_to_entry: 'person-ada', content_type: 'person' }).body)).toEqual([]);
    expect(
      engine
        .linking('person-grace')
        .map((entity) => entity.id)
        .sort(),
    ).toEqual(['article-lamps', 'article-tables', 'person-ada']);
    expect(engine.linking('person-ada').map((entity) => entity.id)).toEqual(['article-chairs']);
  });

  it('resolves includes to the new version of a linked entry and asset', () => {
    const engine = createFixtureEngine();
    const hero = storedAsset(engine, 'asset-hero');

    engine.apply({
      entries: [edited(stored(engine, 'person-ada'), { name: 'Ada King' })],
      assets: [{ ...hero, fields: { ...hero.fields, title: { 'en-US': 'New hero' } } }],
    });
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs' });

    expect(body.includes?.Entry?.find((entry) => entry.sys.id === 'person-ada')?.fields['name']).toBe('Ada King');
    expect(body.includes?.Asset?.find((asset) => asset.sys.id === 'asset-hero')?.fields['title']).toBe('New hero');
  });

  it('resolves a link to a draft once it is published', () => {
    const engine = createFixtureEngine();

    engine.apply({ entries: [edited(stored(engine, 'article-draft'), {})] });
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs' });

    expect(includedIds(body, 'Entry')).toContain('article-draft');
    expect(body.errors).toEqual([notResolvable('Entry', 'article-missing')]);
    expect(cdaGet(engine, 'entries/article-draft').status).toBe(200);
  });

  it('reports nothing for an entry or asset stored again unchanged', () => {
    const engine = createFixtureEngine();

    const changes = engine.apply({ entries: [stored(engine, 'article-chairs')], assets: [storedAsset(engine, 'asset-hero')] });

    expect(changes).toEqual([]);
    expect(cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug': 'designing-chairs' }).body.total).toBe(1);
  });

  it('removes deleted entries from queries, lookups, link indexes and includes', () => {
    const engine = createFixtureEngine();

    const changes = engine.apply({ deletedEntries: ['article-lamps', 'article-never-there'] });
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs' });

    expect(changes).toMatchObject([{ kind: 'Entry', id: 'article-lamps', before: { id: 'article-lamps' }, after: undefined }]);
    expect(idsOf(cdaGet(engine, 'entries', { content_type: 'article' }).body).sort()).toEqual(['article-chairs', 'article-tables']);
    expect(cdaGet<ErrorBody>(engine, 'entries/article-lamps').status).toBe(404);
    expect(cdaGet(engine, 'entries', { links_to_entry: 'article-chairs' }).body.total).toBe(0);
    expect(cdaGet(engine, 'entries', { links_to_entry: 'person-grace' }).body.total).toBe(1);
    expect(includedIds(body, 'Entry')).not.toContain('article-lamps');
    expect(body.errors).toContainEqual(notResolvable('Entry', 'article-lamps'));
    expect(engine.delivered('Entry', 'article-lamps')).toBeUndefined();
    expect(engine.snapshot().entries.map((entry) => entry.sys.id)).not.toContain('article-lamps');
  });

  it('removes deleted assets: 404 and notResolvable', () => {
    const engine = createFixtureEngine();

    engine.apply({ deletedAssets: ['asset-hero'] });
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs' });

    expect(cdaGet(engine, 'assets/asset-hero').status).toBe(404);
    expect(includedIds(body, 'Asset')).toEqual(['asset-poster']);
    expect(body.errors).toContainEqual(notResolvable('Asset', 'asset-hero'));
  });

  it('stops serving an unpublished entry on the delivery API and keeps it on the preview API', () => {
    const engine = createFixtureEngine();

    const changes = engine.apply({ entries: [withoutPublish(stored(engine, 'article-tables'))] });

    expect(changes).toMatchObject([{ id: 'article-tables', before: { id: 'article-tables' }, after: undefined }]);
    expect(cdaGet(engine, 'entries/article-tables').status).toBe(404);
    expect(cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug': 'tables-at-work' }).body.total).toBe(0);
    expect(cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug': 'tables-at-work' }, true).body.total).toBe(1);
    expect(engine.snapshot().entries.map((entry) => entry.sys.id)).toContain('article-tables');
  });

  it('reports no delivery change for a draft edit, and shows it on the preview API built before or after', () => {
    const early = createFixtureEngine();
    const late = createFixtureEngine();
    cdaGet(early, 'entries', {}, true);
    const draft = { ...stored(early, 'article-draft'), fields: { ...stored(early, 'article-draft').fields, slug: { 'en-US': 'draft-2' } } };
    const newDraft = withoutPublish(newArticle(early, 'article-idea', 'idea'));

    const changes = [early, late].map((engine) => engine.apply({ entries: [draft, newDraft] }));

    expect(changes).toEqual([[], []]);
    for (const engine of [early, late]) {
      const preview = cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug[in]': 'draft-2,idea' }, true).body;
      const delivery = cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug[in]': 'draft-2,idea' }).body;

      expect(idsOf(preview).sort()).toEqual(['article-draft', 'article-idea']);
      expect(delivery.total).toBe(0);
      expect(cdaGet(engine, 'entries', { content_type: 'article', 'fields.slug': 'draft-article' }, true).body.total).toBe(0);
    }
  });

  it('removes deleted drafts from the preview API', () => {
    const engine = createFixtureEngine();
    cdaGet(engine, 'entries', {}, true);

    engine.apply({ deletedEntries: ['article-draft'], deletedAssets: ['asset-draft'] });

    expect(cdaGet(engine, 'entries/article-draft', {}, true).status).toBe(404);
    expect(cdaGet(engine, 'assets/asset-draft', {}, true).status).toBe(404);
    expect(cdaGet(engine, 'entries', { content_type: 'article' }, true).body.total).toBe(3);
  });

  it('does not serve an entry of a content type the space does not have, until replace brings the type', () => {
    const engine = createFixtureEngine();
    const gadget = {
      ...newArticle(engine, 'gadget-1', 'gadget'),
      sys: { ...newArticle(engine, 'gadget-1', 'gadget').sys, contentType: { sys: { type: 'Link' as const, linkType: 'ContentType', id: 'gadget' } } },
    };
    const article = readFixture().contentTypes.find((type) => type.sys.id === 'article');
    if (!article) throw new Error('the fixture lost the article type');

    const applied = engine.apply({ entries: [gadget] });
    const space = engine.snapshot();
    const replaced = engine.replace({ ...space, contentTypes: [...space.contentTypes, { ...article, sys: { ...article.sys, id: 'gadget' } }] });

    expect(applied).toEqual([]);
    expect(replaced).toMatchObject([{ kind: 'Entry', id: 'gadget-1', before: undefined, after: { id: 'gadget-1' } }]);
    expect(idsOf(cdaGet(engine, 'entries', { content_type: 'gadget', 'fields.slug': 'gadget' }).body)).toEqual(['gadget-1']);
  });

  it('answers as a fresh engine over its snapshot', () => {
    const engine = createFixtureEngine();
    cdaGet(engine, 'entries', {}, true);
    const hero = storedAsset(engine, 'asset-hero');

    engine.apply({
      entries: [
        edited(stored(engine, 'article-chairs'), { related: [link('Entry', 'article-tables')], rating: 1 }),
        newArticle(engine, 'article-stools', 'stools', { author: link('Entry', 'person-grace') }),
        withoutPublish(stored(engine, 'model-chair')),
        edited(stored(engine, 'article-draft'), {}),
      ],
      assets: [{ ...hero, fields: { ...hero.fields, title: { 'en-US': 'Hero 2' } } }],
      deletedEntries: ['person-ada'],
      deletedAssets: ['asset-glb'],
    });
    engine.apply({ entries: [newArticle(engine, 'person-ada', 'ada-as-article')] });
    const fresh = createCdaEngine(engine.snapshot());

    const queries: [string, Record<string, string>][] = [
      ['entries', { include: '10' }],
      ['entries', { content_type: 'article', order: 'fields.slug', include: '2' }],
      ['entries', { content_type: 'article', 'fields.slug[exists]': 'true', locale: 'de-DE' }],
      ['entries', { links_to_entry: 'person-grace' }],
      ['entries', { links_to_entry: 'article-tables' }],
      ['entries', { content_type: 'person' }],
      ['entries', { 'sys.id[in]': 'person-ada,model-chair,article-draft' }],
      ['entries/person-ada', {}],
      ['assets/asset-hero', {}],
    ];
    for (const preview of [false, true]) {
      for (const [path, query] of queries) {
        expect(cdaGet(engine, path, query, preview).body, `${path} ${JSON.stringify(query)} preview=${preview}`).toEqual(
          cdaGet(fresh, path, query, preview).body,
        );
      }
    }
  });
});

describe('createCdaEngine replace', () => {
  it('re-indexes under a new content model and reports the entries it changed', () => {
    const engine = createFixtureEngine();
    const space = engine.snapshot();
    const article = space.contentTypes.find((type) => type.sys.id === 'article');
    if (!article) throw new Error('the fixture lost the article type');
    // Articles lose `slug` and gain `subtitle`; people are no longer served.
    const next: SpaceExport = {
      ...space,
      contentTypes: [
        {
          ...article,
          fields: [...article.fields.filter((field) => field.id !== 'slug'), { id: 'subtitle', type: 'Symbol', localized: false, omitted: false }],
        },
        ...space.contentTypes.filter((type) => type.sys.id !== 'article' && type.sys.id !== 'person'),
      ],
      entries: space.entries.map((entry) =>
        entry.sys.id === 'article-lamps' ? { ...entry, fields: { ...entry.fields, subtitle: { 'en-US': 'Warm light' } } } : entry,
      ),
    };

    const changes = engine.replace(next);

    expect(changes.map(({ id, after }) => `${id}:${after ? 'changed' : 'gone'}`).sort()).toEqual([
      'article-chairs:changed',
      'article-lamps:changed',
      'article-tables:changed',
      'person-ada:gone',
      'person-grace:gone',
    ]);
    expect(idsOf(cdaGet(engine, 'entries', { content_type: 'article', 'fields.subtitle': 'Warm light' }).body)).toEqual(['article-lamps']);
    expect(cdaGet<ErrorBody>(engine, 'entries', { content_type: 'article', 'fields.slug': 'desks' }).status).toBe(400);
    expect(cdaGet<ErrorBody>(engine, 'entries', { content_type: 'person' }).body.details).toEqual({
      errors: [{ name: 'unknownContentType', value: 'person' }],
    });
    expect(cdaGet<EntityBody>(engine, 'entries/article-chairs').body.fields).not.toHaveProperty('slug');
    // person-grace, no longer served, no longer counts as linking to person-ada.
    expect(
      engine
        .linking('person-ada')
        .map((entity) => entity.id)
        .sort(),
    ).toEqual(['article-chairs', 'article-tables']);
    expect(engine.model().contentTypes.map((type) => type.sys.id)).not.toContain('person');
  });

  it('reports nothing for the same space', () => {
    const engine = createFixtureEngine();
    cdaGet(engine, 'entries', {}, true);

    expect(engine.replace(engine.snapshot())).toEqual([]);
    expect(cdaGet(engine, 'entries').body.total).toBe(7);
    expect(cdaGet(engine, 'entries', {}, true).body.total).toBe(8);
  });

  it('serves the new locales and tags', () => {
    const engine = createFixtureEngine();
    const space = engine.snapshot();

    engine.replace({ ...space, locales: space.locales.filter((locale) => locale.code !== 'fr-FR'), tags: space.tags.filter((tag) => tag.sys.id !== 'design') });

    expect(cdaGet<ErrorBody>(engine, 'entries', { locale: 'fr-FR' }).status).toBe(400);
    expect(idsOf(cdaGet(engine, 'tags').body)).toEqual(['materials']);
    expect(cdaGet<EntityBody>(engine, 'entries/article-chairs').body.metadata.tags).toEqual([]);
  });

  it('keeps the space and environment ids it was given', () => {
    const engine = createCdaEngine(readFixture(), { spaceId: 'mirror', environmentId: 'staging' });

    engine.replace(engine.snapshot());
    const response = engine.handle({ method: 'GET', path: '/spaces/mirror/environments/staging/entries/person-ada', query: {} });

    expect(response.status).toBe(200);
    expect((response.body as EntityBody).sys['space']).toEqual({ sys: { type: 'Link', linkType: 'Space', id: 'mirror' } });
  });
});
