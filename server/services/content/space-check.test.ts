import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { checkSpace, formatProblems } from '#server/services/content/space-check.ts';

import type { SpaceCheckInput, SpaceContentType, SpaceField } from '#server/services/content/space-check.ts';

type MutableType = SpaceContentType & { fields: SpaceField[] };
type DemoExport = { contentTypes: MutableType[]; locales: SpaceCheckInput['locales'] };
const demo = JSON.parse(readFileSync(new URL('../../../content/space-export.json', import.meta.url), 'utf8')) as DemoExport;

const links = (contentType: string): SpaceField['items'] => ({ type: 'Link', linkType: 'Entry', validations: [{ linkContentType: [contentType] }] });

/** The demo space with `edit` applied to a copy. */
function space(edit: (types: Map<string, SpaceField[]>, input: Omit<SpaceCheckInput, 'contentTypes'> & { contentTypes: MutableType[] }) => void = () => {}) {
  const input = { ...structuredClone(demo), hasTags: true, hasTaxonomy: true };
  edit(new Map(input.contentTypes.map((type) => [type.sys.id, type.fields])), input);
  return checkSpace(input);
}
const field = (types: Map<string, SpaceField[]>, path: string): SpaceField => {
  const [typeId = '', fieldId] = path.split('.');
  const found = types.get(typeId)?.find((f) => f.id === fieldId);
  if (!found) throw new Error(`no field ${path} in the demo space`);
  return found;
};
const drop = (types: Map<string, SpaceField[]>, path: string) => {
  const fields = types.get(path.split('.')[0] ?? '') ?? [];
  fields.splice(fields.indexOf(field(types, path)), 1);
};

describe('checkSpace', () => {
  it('passes the demo space with no errors, serving both locales', () => {
    expect(checkSpace({ ...demo, hasTags: true, hasTaxonomy: true })).toMatchObject({ state: 'ready', errors: [], locales: ['en-US', 'de-DE'] });
    expect(space()).toEqual({ state: 'ready', errors: [], warnings: [], locales: ['en-US', 'de-DE'] });
  });

  it('lists every mismatch at once: missing types and fields, wrong types, links, arrays, omitted and disabled fields', () => {
    const status = space((types, input) => {
      input.contentTypes = input.contentTypes.filter((type) => type.sys.id !== 'siteSettings');
      drop(types, 'article.heroImage');
      drop(types, 'article.slug');
      Object.assign(field(types, 'page.slug'), { type: 'Text' });
      Object.assign(field(types, 'model.file'), { linkType: 'Entry' });
      Object.assign(field(types, 'model.files'), { type: 'Link', linkType: 'Asset', items: undefined });
      Object.assign(field(types, 'article.publishDate'), { omitted: true });
      Object.assign(field(types, 'model.featured'), { disabled: true });
      Object.assign(field(types, 'model.name'), { type: 'Array', items: { type: 'Symbol' } });
    });
    expect(status.state).toBe('not-set-up');
    expect(formatProblems(status.errors)).toEqual([
      'content type siteSettings: missing',
      'page.slug: must be a Symbol (is a Text)',
      'article.slug: missing',
      'article.publishDate: omitted from the API (it is never delivered)',
      'model.name: must be a Symbol (is a list of Symbols)',
      'model.file: must link to an Asset (is a link to an Entry)',
      'model.featured: disabled (editors cannot fill it in)',
    ]);
    expect(formatProblems(status.warnings)).toEqual([
      'article.heroImage: optional field missing',
      'model.files: must be a list of links to Assets (is a link to an Asset)',
    ]);
  });

  it('reports optional parts as warnings: optional fields, the person type, link validations, tags and taxonomy', () => {
    const status = space((types, input) => {
      drop(types, 'model.camera');
      drop(types, 'model.files');
      input.contentTypes = input.contentTypes.filter((type) => type.sys.id !== 'person');
      field(types, 'article.author').validations = [{ linkContentType: ['author'] }];
      field(types, 'model.poster').validations = [{ linkMimetypeGroup: ['video'] }];
      field(types, 'page.body').validations = [{ linkContentType: ['unrelated'] }];
      input.hasTags = false;
      input.hasTaxonomy = false;
    });
    expect(status.state).toBe('ready');
    expect(status.errors).toEqual([]);
    expect(formatProblems(status.warnings)).toEqual([
      'article.author: must allow links to person entries (allows author)',
      'model.files: optional field missing',
      'model.poster: must accept images (accepts video)',
      'model.camera: optional field missing',
      'content type person: optional content type missing',
      'tags: no public tags (tag pages and filters are empty)',
      'taxonomy: no taxonomy concepts (models have no categories)',
    ]);
  });

  it('keeps a space set up before migration 003 ready: its missing variants, hotspots and USDZ are warnings', () => {
    const status = space((types, input) => {
      input.contentTypes = input.contentTypes.filter((type) => type.sys.id !== 'modelVariant' && type.sys.id !== 'hotspot');
      for (const id of ['variants', 'hotspots', 'usdz']) drop(types, `model.${id}`);
    });
    expect(status).toMatchObject({ state: 'ready', errors: [] });
    expect(formatProblems(status.warnings)).toEqual([
      'model.variants: optional field missing',
      'model.hotspots: optional field missing',
      'model.usdz: optional field missing',
      'content type modelVariant: optional content type missing',
      'content type hotspot: optional content type missing',
    ]);
  });

  it('warns when a list links entries of the wrong type or a showcase field has the wrong type', () => {
    const status = space((types) => {
      field(types, 'model.variants').items = links('person');
      Object.assign(field(types, 'model.hotspots'), { items: { type: 'Symbol' } });
      Object.assign(field(types, 'hotspot.position'), { type: 'Symbol' });
    });
    expect(status.state).toBe('ready');
    expect(formatProblems(status.warnings)).toEqual([
      'model.variants: must allow links to modelVariant entries (allows person)',
      'model.hotspots: must be a list of links to Entries (is a list of Symbols)',
      'hotspot.position: must be an Object (is a Symbol)',
    ]);
  });

  it('lists the array items a list field has when they are the wrong kind', () => {
    const status = space((types) => Object.assign(field(types, 'model.files'), { items: { type: 'Link', linkType: 'Entry' } }));
    expect(formatProblems(status.warnings)).toEqual(['model.files: must be a list of links to Assets (is a list of links to Entries)']);
  });

  it('serves only en-US when the space has no German locale, and says so', () => {
    const status = space((_types, input) => void (input.locales = input.locales.filter((locale) => locale.code === 'en-US')));
    expect(status).toMatchObject({ state: 'ready', errors: [], locales: ['en-US'] });
    expect(formatProblems(status.warnings)).toEqual(['locale de-DE: not in space (its routes are dropped)']);
  });

  it('stops the site without en-US, and warns when German has no fallback', () => {
    const status = space((_types, input) => {
      input.locales = [
        { code: 'en-GB', default: true, fallbackCode: null },
        { code: 'de-DE', default: false, fallbackCode: null },
      ];
    });
    expect(status).toMatchObject({ state: 'not-set-up', locales: ['de-DE'] });
    expect(formatProblems(status.errors)).toEqual(['locale en-US: not in space']);
    expect(formatProblems(status.warnings)).toEqual(['locale de-DE: no fallback locale (untranslated fields are empty; set it to en-US)']);
  });

  it('asks no fallback of a default locale', () => {
    const status = space((_types, input) => void (input.locales = [{ code: 'de-DE', default: true, fallbackCode: null }]));
    expect(formatProblems(status.errors)).toEqual(['locale en-US: not in space']);
    expect(status.warnings).toEqual([]);
  });

  it('reports an empty space as every required type missing plus the locale', () => {
    const status = checkSpace({ contentTypes: [], locales: [] });
    expect(formatProblems(status.errors)).toEqual([
      'content type siteSettings: missing',
      'content type page: missing',
      'content type article: missing',
      'content type model: missing',
      'locale en-US: not in space',
    ]);
    expect(status.locales).toEqual([]);
  });
});
