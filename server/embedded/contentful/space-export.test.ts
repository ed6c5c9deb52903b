import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FIXTURE_FILE, readFixtureJson } from '../../../tests/fixtures/contentful/fixture.ts';
import { loadExportFile, parseSpaceExport, SpaceExportError } from './space-export.ts';

type Json = Record<string, unknown>;
type FixtureJson = Json & { entries: Json[]; locales: Json[]; tags: Json[] };

function fixtureWith(change: (json: FixtureJson) => void): Json {
  const json = readFixtureJson() as FixtureJson;
  change(json);
  return json;
}

/** The problems parseSpaceExport lists, or a failed expectation when it accepts the export. */
function problemsOf(json: unknown): readonly string[] {
  try {
    parseSpaceExport(json, 'x.json');
  } catch (error) {
    if (error instanceof SpaceExportError) return error.problems;
    throw error;
  }
  expect.fail('the export was accepted');
}

describe('loadExportFile', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vitrine-export-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('loads the fixture export with its defaults applied and nothing to warn about', async () => {
    const { space, warnings } = await loadExportFile(FIXTURE_FILE);

    expect(space.locales.map((locale) => [locale.code, locale.fallbackCode])).toEqual([
      ['en-US', null],
      ['de-DE', 'en-US'],
      ['de-CH', 'de-DE'],
      ['fr-FR', null],
    ]);
    expect(space.entries).toHaveLength(9);
    expect(space.taxonomy.concepts).toHaveLength(4);
    expect(warnings).toEqual([]);
  });

  it('loads the demo space with nothing to warn about', async () => {
    const { space, warnings } = await loadExportFile(join(import.meta.dirname, '../../../content/space-export.json'));

    expect(space.entries.length).toBeGreaterThan(20);
    expect(warnings).toEqual([]);
  });

  it('names the file when it is not JSON', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{ "entries": [');

    await expect(loadExportFile(file)).rejects.toThrow(new RegExp(`^Contentful export ${file}: not valid JSON`));
  });

  it('names the file when it cannot be read', async () => {
    const file = join(dir, 'missing.json');

    await expect(loadExportFile(file)).rejects.toThrow(`Contentful export ${file}: cannot read the file`);
  });

  it('names the file, the item and the bad field path when the content is malformed', async () => {
    const file = join(dir, 'malformed.json');
    const json = fixtureWith((data) => {
      (data.entries[2] as { sys: Json }).sys['id'] = 42;
    });
    await writeFile(file, JSON.stringify(json));

    await expect(loadExportFile(file)).rejects.toThrow(
      `Contentful export ${file}: 1 problem:\n  entries[2] (content type article).sys.id: Invalid input: expected string, received number`,
    );
  });
});

describe('parseSpaceExport', () => {
  it('rejects what is not an export object', () => {
    expect(problemsOf([])).toEqual(['(root): expected the JSON object `contentful space export` writes']);
  });

  it('says why locales are missing and how to get them', () => {
    expect(problemsOf({ entries: [] })).toEqual([expect.stringMatching(/^locales: missing; .* --skip-content-model or --content-only/)]);
  });

  it('rejects a section that is not an array', () => {
    expect(problemsOf(fixtureWith((data) => void (data['assets'] = {})))).toEqual(['assets: expected an array, received object']);
  });

  it('labels the bad item with its id and content type', () => {
    const json = fixtureWith((data) => {
      delete (data.entries[0] as { sys: { contentType: { sys: Json } } }).sys.contentType.sys['id'];
    });

    expect(problemsOf(json)).toEqual(['entries[0] (id article-chairs).sys.contentType.sys.id: Invalid input: expected string, received undefined']);
  });

  it('rejects a fallback to an unknown locale and duplicate locale codes', () => {
    const json = fixtureWith((data) => {
      data.locales[3]!['fallbackCode'] = 'it-IT';
      data.locales[2]!['code'] = 'de-DE';
    });

    expect(problemsOf(json)).toEqual(['locales[2] (code de-DE).code: duplicate code "de-DE"', 'locales[3] (code fr-FR).fallbackCode: unknown locale "it-IT"']);
  });

  it('rejects duplicate ids and says where the first one is', () => {
    const json = fixtureWith((data) => void data.entries.push(data.entries[0]!));

    expect(problemsOf(json)).toEqual(['entries[9] (id article-chairs, content type article).sys.id: duplicate id "article-chairs" (first at entries[0])']);
  });

  it('rejects an unknown tag visibility', () => {
    const json = fixtureWith((data) => void ((data.tags[0] as { sys: Json }).sys['visibility'] = 'secret'));

    expect(problemsOf(json)).toEqual(['tags[0] (id design).sys.visibility: Invalid option: expected one of "public"|"private"']);
  });

  it('lists every problem but writes only the first 50 into the message', () => {
    const json = fixtureWith((data) => {
      for (let index = 0; index < 60; index += 1) data.entries.push({ sys: { id: `broken-${index}`, type: 'Entry' } });
    });

    const error = (() => {
      try {
        parseSpaceExport(json, 'x.json');
      } catch (caught) {
        return caught as SpaceExportError;
      }
      return expect.fail('the export was accepted');
    })();

    expect(error.problems).toHaveLength(180); // contentType, createdAt and updatedAt of each
    expect(error.message.split('\n')).toHaveLength(1 + 50 + 1);
    expect(error.message).toMatch(/^Contentful export x.json: 180 problems:\n {2}entries\[9\] \(id broken-0\)\.sys\.contentType: /);
    expect(error.message).toMatch(/\n {2}and 130 more$/);
  });
});
