import { describe, expect, it } from 'vitest';

import { cdaGet, createFixtureEngine, idsOf } from '../../../tests/fixtures/contentful/fixture.ts';

import type { CollectionBody, EntityBody } from '../../../tests/fixtures/contentful/fixture.ts';

const engine = createFixtureEngine();

function includedIds(body: CollectionBody) {
  return {
    Entry: (body.includes?.Entry ?? []).map((entry) => entry.sys.id).sort(),
    Asset: (body.includes?.Asset ?? []).map((asset) => asset.sys.id).sort(),
  };
}

const link = (linkType: string, id: string) => ({ sys: { id: 'notResolvable', type: 'error' }, details: { type: 'Link', linkType, id } });

describe('createCdaEngine includes', () => {
  it('includes one level of links by default, rich-text embeds too', () => {
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs' });

    expect(includedIds(body)).toEqual({ Entry: ['article-lamps', 'model-chair', 'person-ada'], Asset: ['asset-hero', 'asset-poster'] });
  });

  it('reports links it cannot resolve as notResolvable errors', () => {
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs' });

    expect(body.errors).toEqual([link('Entry', 'article-draft'), link('Entry', 'article-missing')]);
  });

  it('follows links as deep as include asks', () => {
    const levelTwo = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs', include: '2' }).body;
    const levelTen = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs', include: '10' }).body;

    expect(includedIds(levelTwo)).toEqual({
      Entry: ['article-lamps', 'model-chair', 'person-ada', 'person-grace'],
      Asset: ['asset-avatar', 'asset-glb', 'asset-hero', 'asset-poster'],
    });
    expect(includedIds(levelTen)).toEqual(includedIds(levelTwo));
  });

  it('returns neither includes nor errors with include=0', () => {
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs', include: '0' });

    expect(body).not.toHaveProperty('includes');
    expect(body).not.toHaveProperty('errors');
  });

  it('ends link cycles and never repeats items in includes', () => {
    const { body } = cdaGet(engine, 'entries', { content_type: 'person', include: '10' });

    expect(idsOf(body).sort()).toEqual(['person-ada', 'person-grace']);
    expect(includedIds(body)).toEqual({ Entry: [], Asset: ['asset-avatar'] });
    expect(body.includes).not.toHaveProperty('Entry');
  });

  it('reports a missing asset as an unresolvable Asset link', () => {
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'model-lamp' });

    expect(body.errors).toEqual([link('Asset', 'asset-missing')]);
  });

  it('resolves drafts in preview only', () => {
    const delivery = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs' }).body;
    const preview = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs' }, true).body;

    expect(includedIds(delivery).Entry).not.toContain('article-draft');
    expect(includedIds(preview).Entry).toContain('article-draft');
    expect(preview.errors).toEqual([link('Entry', 'article-missing')]);
  });

  it('includes linked entries in the requested locale', () => {
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs', locale: 'de-DE' });
    const ada = body.includes?.Entry?.find((entry) => entry.sys.id === 'person-ada');

    expect(ada?.sys.locale).toBe('de-DE');
    expect(ada?.fields['bio']).toBe('Schreibt über Möbel.');
  });

  it('follows only the links of the locale served', () => {
    // The German body has no embeds; the English one embeds model-chair and asset-poster.
    const { body } = cdaGet(engine, 'entries', { 'sys.id': 'article-chairs', locale: 'de-DE' });

    expect(includedIds(body)).toEqual({ Entry: ['article-lamps', 'person-ada'], Asset: ['asset-hero'] });
  });
});

describe('createCdaEngine publishing states', () => {
  it('hides drafts and archived entries from delivery', () => {
    const { body } = cdaGet(engine, 'entries', { content_type: 'article' });
    const draft = cdaGet(engine, 'entries/article-draft');

    expect(idsOf(body).sort()).toEqual(['article-chairs', 'article-lamps', 'article-tables']);
    expect(draft.status).toBe(404);
  });

  it('serves drafts but never archived entries in preview', () => {
    const { body } = cdaGet(engine, 'entries', { content_type: 'article' }, true);

    expect(idsOf(body).sort()).toEqual(['article-chairs', 'article-draft', 'article-lamps', 'article-tables']);
  });

  it('gives preview sys the editing timestamps and publish fields only once published', () => {
    const draft = cdaGet<EntityBody>(engine, 'entries/article-draft', {}, true).body;
    const published = cdaGet<EntityBody>(engine, 'entries/article-chairs', {}, true).body;

    expect(draft.sys).not.toHaveProperty('publishedVersion');
    expect(draft.sys).toMatchObject({ revision: 0, createdAt: '2024-06-01T09:00:00.000Z' });
    expect(published.sys).toMatchObject({ publishedVersion: 6, publishedAt: '2024-03-01T09:00:00.000Z', firstPublishedAt: '2024-02-01T09:00:00.000Z' });
  });

  it('serves draft assets in preview only', () => {
    expect(cdaGet(engine, 'assets/asset-draft').status).toBe(404);
    expect(cdaGet(engine, 'assets/asset-draft', {}, true).status).toBe(200);
  });
});

describe('createCdaEngine locales', () => {
  const fieldsIn = (locale: string) => cdaGet<EntityBody>(engine, 'entries/article-chairs', { locale }).body.fields;

  it('serves a localized field in the requested locale', () => {
    expect(fieldsIn('de-DE')['title']).toBe('Stühle entwerfen');
  });

  it('falls back along the chain for a field missing in the locale', () => {
    // de-CH -> de-DE -> en-US
    expect(fieldsIn('de-CH')['title']).toBe('Stühle entwerfen');
    expect(fieldsIn('de-CH')['excerpt']).toBe('How a chair comes to be.');
  });

  it('omits a field missing in a locale whose fallback is null', () => {
    const french = fieldsIn('fr-FR');

    expect(french['excerpt']).toBe('Comment naît une chaise.');
    expect(french).not.toHaveProperty('title');
  });

  it('serves non-localized fields in every locale', () => {
    expect(fieldsIn('fr-FR')['slug']).toBe('designing-chairs');
    expect(fieldsIn('fr-FR')['rating']).toBe(4);
  });

  it('sets sys.locale to the requested locale', () => {
    expect(cdaGet<EntityBody>(engine, 'entries/article-chairs', { locale: 'de-CH' }).body.sys.locale).toBe('de-CH');
  });

  it('localizes assets with fallbacks', () => {
    const german = cdaGet<EntityBody>(engine, 'assets/asset-hero', { locale: 'de-DE' }).body;
    const french = cdaGet<EntityBody>(engine, 'assets/asset-hero', { locale: 'fr-FR' }).body;

    expect(german.fields['title']).toBe('Titelbild');
    expect(german.fields['file']).toMatchObject({ fileName: 'hero.jpg' });
    expect(french.fields).toEqual({});
  });
});
