import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { createCdaEngine } from './engine.ts';
import { loadExportFile, SpaceExportError } from './space-export.ts';

import type { CdaEngine } from './engine.ts';

// Exports in the shapes older `contentful space export` versions wrote (tests/fixtures/contentful/older-exports/README.md).
const OLDER = join(import.meta.dirname, '../../../tests/fixtures/contentful/older-exports');

type Body = { items: { sys: { id: string; type: string; revision?: number }; fields: Record<string, unknown>; metadata: { tags: unknown[] } }[] };

function get(engine: CdaEngine, path: string, query: Record<string, string> = {}, preview = false) {
  const response = engine.handle({ method: 'GET', path: `/spaces/${engine.spaceId}/environments/master/${path}`, query, preview });
  return response as { status: number; body: Body };
}

describe('older exports', () => {
  it('reads a 2017 export without tags, metadata, fallbackCode or contentDeliveryApi; locales fall back to the default as they did then', async () => {
    const { space, warnings } = await loadExportFile(join(OLDER, '2017-no-tags-no-fallbacks.json'));
    const engine = createCdaEngine(space);

    expect(warnings).toEqual([
      'locales de-DE have no fallbackCode (exported before Contentful had configurable fallbacks, when every locale fell back to the default): they fall back to en-US',
    ]);
    const { status, body } = get(engine, 'entries', { content_type: 'article', locale: 'de-DE' });
    expect(status).toBe(200);
    expect(body.items.map((item) => [item.sys.id, item.fields['title'], item.metadata.tags])).toEqual([
      ['5KsDBWseXY6QegucYAoacS', 'Chairs through the ages', []],
    ]);
    // The upload that was never processed (no url, no details) is a draft: preview serves it as it is.
    expect(get(engine, 'assets/unprocessedUpload', {}, true).status).toBe(200);
  });

  it('reads tags without visibility as private and resolves two default locales to the first, warning about both', async () => {
    const { space, warnings } = await loadExportFile(join(OLDER, '2020-tags-without-visibility.json'));
    const engine = createCdaEngine(space);

    expect(warnings).toEqual([
      'locales en-GB, de-DE are all flagged default; using en-GB, the first, as contentful-import does',
      "tags design, materials have no sys.visibility (exported before Contentful had public tags): read as private, Contentful's default, " +
        'so the site does not show them; recreate them as public tags to show them',
    ]);
    expect(space.locales.map((locale) => [locale.code, locale.default])).toEqual([
      ['en-GB', true],
      ['de-DE', false],
    ]);
    const { body } = get(engine, 'entries', { content_type: 'model' });
    expect(body.items[0]).toMatchObject({ fields: { title: 'Chair', slug: 'chair' }, metadata: { tags: [] } });
    expect(get(engine, 'tags').body.items).toEqual([]);
  });

  it('serves an export made through the CDA (--delivery-token) as published: its items carry a revision, not versions', async () => {
    const { space, warnings } = await loadExportFile(join(OLDER, 'delivery-token-export.json'));

    expect(warnings).toEqual([]);
    const { body } = get(createCdaEngine(space), 'entries');
    expect(body.items.map((item) => [item.sys.id, item.sys.revision])).toEqual([['delivered', 3]]);
  });

  it('lists all fifteen problems of a broken export at once, each with the item it is in', async () => {
    const error = await loadExportFile(join(OLDER, 'fifteen-problems.json')).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SpaceExportError);
    expect((error as SpaceExportError).problems).toEqual([
      'assets[0] (id no-file-name).fields.file["en-US"].fileName: Invalid input: expected string, received undefined',
      'assets[1] (id no-created-at).sys.createdAt: Invalid input: expected string, received undefined',
      'contentTypes[0] (id article).fields: Invalid input: expected array, received undefined',
      'contentTypes[1] (id model).fields[0].type: Invalid input: expected string, received undefined',
      'entries[0] (content type article).sys.id: Invalid input: expected string, received number',
      'entries[1] (id no-content-type).sys.contentType: Invalid input: expected object, received undefined',
      'entries[2] (id wrong-type, content type article).sys.type: Invalid input: expected "Entry"',
      'entries[3] (id no-content-type, content type article).sys.id: duplicate id "no-content-type" (first at entries[1])',
      'entries[4] (id bad-fields, content type article).fields: Invalid input: expected record, received string',
      'locales[0] (code en-US).name: Invalid input: expected string, received undefined',
      'locales[2] (code fr-FR).fallbackCode: unknown locale "it-IT"',
      'locales[3] (code de-DE).code: duplicate code "de-DE"',
      'tags[0] (id design).sys.visibility: Invalid option: expected one of "public"|"private"',
      'tags[1] (id materials).sys.type: Invalid input: expected "Tag"',
      'taxonomy.concepts[0] (id chairs).prefLabel: Invalid input: expected record, received undefined',
    ]);
    expect((error as Error).message).toMatch(/fifteen-problems\.json: 15 problems:\n {2}assets\[0\] /);
  });
});
