import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FIXTURE_FILE, readFixtureJson } from '../../../tests/fixtures/contentful/fixture.ts';
import { loadExportFile, parseSpaceExport } from './space-export.ts';

type Json = Record<string, unknown>;

function fixtureWith(change: (json: Json & { entries: Json[]; locales: Json[]; tags: Json[] }) => void): Json {
  const json = readFixtureJson() as Json & { entries: Json[]; locales: Json[]; tags: Json[] };
  change(json);
  return json;
}

describe('loadExportFile', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vitrine-export-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('loads the fixture export with its defaults applied', async () => {
    const data = await loadExportFile(FIXTURE_FILE);

    expect(data.locales.map((locale) => locale.code)).toEqual(['en-US', 'de-DE', 'de-CH', 'fr-FR']);
    expect(data.entries).toHaveLength(9);
    expect(data.taxonomy.concepts).toHaveLength(4);
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

  it('names the file and the bad field path when the content is malformed', async () => {
    const file = join(dir, 'malformed.json');
    const json = fixtureWith((data) => {
      (data.entries[2] as { sys: Json }).sys['id'] = 42;
    });
    await writeFile(file, JSON.stringify(json));

    await expect(loadExportFile(file)).rejects.toThrow(`Contentful export ${file}: entries[2].sys.id: Invalid input: expected string, received number`);
  });
});

describe('parseSpaceExport', () => {
  it('requires locales', () => {
    expect(() => parseSpaceExport({ entries: [] }, 'x.json')).toThrow('Contentful export x.json: locales: Invalid input: expected array, received undefined');
  });

  it('reports a link without an id', () => {
    const json = fixtureWith((data) => {
      const fields = (data.entries[0] as { sys: { contentType: { sys: Json } } }).sys.contentType.sys;
      delete fields['id'];
    });

    expect(() => parseSpaceExport(json, 'x.json')).toThrow('entries[0].sys.contentType.sys.id');
  });

  it('rejects an export without exactly one default locale', () => {
    const json = fixtureWith((data) => {
      (data.locales[1] as Json)['default'] = true;
    });

    expect(() => parseSpaceExport(json, 'x.json')).toThrow('locales: expected exactly one default locale, found 2');
  });

  it('rejects a fallback to an unknown locale', () => {
    const json = fixtureWith((data) => {
      (data.locales[3] as Json)['fallbackCode'] = 'it-IT';
    });

    expect(() => parseSpaceExport(json, 'x.json')).toThrow('locales[3].fallbackCode: unknown locale "it-IT"');
  });

  it('rejects duplicate ids', () => {
    const json = fixtureWith((data) => {
      data.entries.push(data.entries[0] as Json);
    });

    expect(() => parseSpaceExport(json, 'x.json')).toThrow('entries[9].sys.id: duplicate id "article-chairs"');
  });

  it('rejects an unknown tag visibility', () => {
    const json = fixtureWith((data) => {
      (data.tags[0] as { sys: Json }).sys['visibility'] = 'secret';
    });

    expect(() => parseSpaceExport(json, 'x.json')).toThrow('tags[0].sys.visibility');
  });

  it('lists at most ten problems', () => {
    const json = fixtureWith((data) => {
      for (const entry of data.entries) (entry as { sys: Json }).sys['createdAt'] = 1;
      for (const tag of data.tags) (tag as { sys: Json }).sys['createdAt'] = 1;
    });

    expect(() => parseSpaceExport(json, 'x.json')).toThrow(/; and 2 more$/);
  });
});
