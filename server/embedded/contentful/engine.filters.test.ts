import { describe, expect, it } from 'vitest';

import { cdaGet, createFixtureEngine, idsOf } from '../../../tests/fixtures/contentful/fixture.ts';

import type { ErrorBody } from '../../../tests/fixtures/contentful/fixture.ts';

const engine = createFixtureEngine();

/** Ids of the entries matching a query, in the order served. */
const entries = (query: Record<string, string>) => idsOf(cdaGet(engine, 'entries', query).body);
const articles = (query: Record<string, string>) => entries({ content_type: 'article', ...query });
const errorOf = (path: string, query: Record<string, string>) => cdaGet<ErrorBody>(engine, path, query);

describe('createCdaEngine entry filters', () => {
  it('orders by most recent update, then id, by default', () => {
    expect(entries({})).toEqual(['article-lamps', 'article-tables', 'article-chairs', 'model-lamp', 'model-chair', 'person-grace', 'person-ada']);
  });

  it('filters by content_type', () => {
    expect(entries({ content_type: 'person' })).toEqual(['person-grace', 'person-ada']);
    expect(entries({ content_type: 'person', 'sys.id': 'article-chairs' })).toEqual([]);
  });

  it('filters by sys.id and its operators', () => {
    expect(entries({ 'sys.id': 'person-ada' })).toEqual(['person-ada']);
    expect(entries({ 'sys.id[in]': 'person-ada,model-lamp,nope' })).toEqual(['model-lamp', 'person-ada']);
    expect(articles({ 'sys.id[ne]': 'article-lamps' })).toEqual(['article-tables', 'article-chairs']);
    expect(articles({ 'sys.id[nin]': 'article-lamps,article-tables' })).toEqual(['article-chairs']);
  });

  it('filters by field equality, including array membership', () => {
    expect(articles({ 'fields.slug': 'lighting-the-room' })).toEqual(['article-lamps']);
    expect(articles({ 'fields.rating': '4' })).toEqual(['article-chairs']);
    expect(articles({ 'fields.keywords': 'oak' })).toEqual(['article-tables', 'article-chairs']);
    expect(entries({ content_type: 'model', 'fields.featured': 'true' })).toEqual(['model-chair']);
  });

  it('filters with [in], [nin] and [ne]', () => {
    expect(articles({ 'fields.rating[in]': '4,5' })).toEqual(['article-lamps', 'article-chairs']);
    expect(articles({ 'fields.rating[ne]': '4' })).toEqual(['article-lamps', 'article-tables']);
    expect(articles({ 'fields.keywords[nin]': 'oak' })).toEqual(['article-lamps']);
  });

  it('filters with [exists]', () => {
    expect(articles({ 'fields.rating[exists]': 'true' })).toEqual(['article-lamps', 'article-chairs']);
    expect(articles({ 'fields.rating[exists]': 'false' })).toEqual(['article-tables']);
    expect(errorOf('entries', { content_type: 'article', 'fields.rating[exists]': 'maybe' }).status).toBe(400);
  });

  it('filters by link field ids', () => {
    expect(articles({ 'fields.author.sys.id': 'person-ada' })).toEqual(['article-tables', 'article-chairs']);
    expect(articles({ 'fields.related.sys.id[in]': 'article-chairs' })).toEqual(['article-lamps']);
  });

  it('filters by public tags only', () => {
    expect(entries({ 'metadata.tags.sys.id[in]': 'design' })).toEqual(['article-tables', 'article-chairs', 'model-chair']);
    expect(entries({ 'metadata.tags.sys.id[in]': 'internal' })).toEqual([]);
    expect(entries({ 'metadata.tags[exists]': 'false' })).toEqual(['model-lamp', 'person-grace', 'person-ada']);
  });

  it('filters by concepts', () => {
    expect(entries({ 'metadata.concepts.sys.id[in]': 'chairs' })).toEqual(['model-chair']);
    expect(entries({ 'metadata.concepts.sys.id[in]': 'chairs,lighting' })).toEqual(['model-lamp', 'model-chair']);
  });

  it('finds entries linking to an entry', () => {
    expect(entries({ links_to_entry: 'person-ada' })).toEqual(['article-tables', 'article-chairs', 'person-grace']);
    expect(entries({ links_to_entry: 'person-ada', content_type: 'person' })).toEqual(['person-grace']);
  });

  it('requires content_type for field filters and known fields', () => {
    const withoutType = errorOf('entries', { 'fields.slug': 'x' });
    const unknownField = errorOf('entries', { content_type: 'article', 'fields.colour': 'red' });

    expect(withoutType.status).toBe(400);
    expect(withoutType.body).toMatchObject({ sys: { id: 'InvalidQuery' }, details: { errors: [{ name: 'unknown', path: ['fields', 'slug'] }] } });
    expect(unknownField.body).toMatchObject({ sys: { id: 'InvalidQuery' }, details: { errors: [{ path: ['fields', 'colour'] }] } });
  });

  it('rejects operators it does not know', () => {
    expect(errorOf('entries', { content_type: 'article', 'fields.slug[near]': '1,2' }).body.sys.id).toBe('InvalidQuery');
  });
});

describe('createCdaEngine order, paging and select', () => {
  it('orders by fields, sys and link ids, with several keys', () => {
    expect(articles({ order: 'fields.title' })).toEqual(['article-chairs', 'article-lamps', 'article-tables']);
    expect(articles({ order: '-fields.rating' })).toEqual(['article-lamps', 'article-chairs', 'article-tables']);
    expect(articles({ order: 'sys.createdAt' })).toEqual(['article-chairs', 'article-lamps', 'article-tables']);
    expect(articles({ order: 'fields.author.sys.id,-sys.createdAt' })).toEqual(['article-tables', 'article-chairs', 'article-lamps']);
  });

  it('rejects orders the CDA rejects', () => {
    expect(errorOf('entries', { order: 'fields.title' }).status).toBe(400);
    expect(errorOf('entries', { content_type: 'article', order: 'fields.keywords' }).body.sys.id).toBe('InvalidQuery');
    expect(errorOf('entries', { order: 'sys.nope' }).body.sys.id).toBe('InvalidQuery');
  });

  it('pages with skip and limit and reports the total', () => {
    const { body } = cdaGet(engine, 'entries', { content_type: 'article', skip: '1', limit: '1' });
    const empty = cdaGet(engine, 'entries', { content_type: 'article', limit: '0' }).body;

    expect(body).toMatchObject({ sys: { type: 'Array' }, total: 3, skip: 1, limit: 1 });
    expect(idsOf(body)).toEqual(['article-tables']);
    expect(empty).toMatchObject({ total: 3, items: [] });
  });

  it('defaults limit to 100 and rejects out-of-range paging and include', () => {
    expect(cdaGet(engine, 'entries').body.limit).toBe(100);
    const queries: Record<string, string>[] = [{ limit: '1001' }, { limit: '-1' }, { skip: 'abc' }, { include: '11' }, { limit: '1.5' }];
    for (const query of queries) {
      const { status, body } = errorOf('entries', query);

      expect(status).toBe(400);
      expect(body.sys.id).toBe('InvalidQuery');
    }
    expect(cdaGet(engine, 'entries', { limit: '1000' }).status).toBe(200);
  });

  it('selects sys and fields properties', () => {
    const { body } = cdaGet(engine, 'entries', { content_type: 'article', select: 'sys.id,fields.title', order: 'sys.createdAt', limit: '1' });
    const sysOnly = cdaGet(engine, 'entries', { select: 'sys', limit: '1' }).body;

    expect(body.items).toEqual([{ sys: { id: 'article-chairs' }, fields: { title: 'Designing chairs' } }]);
    expect(Object.keys(sysOnly.items[0] ?? {})).toEqual(['sys']);
  });

  it('rejects a field select without content_type, too deep or outside sys/fields/metadata', () => {
    const queries: Record<string, string>[] = [{ select: 'fields.title' }, { content_type: 'article', select: 'fields.title.x' }, { select: 'links' }];
    for (const query of queries) {
      expect(errorOf('entries', query).body.sys.id).toBe('InvalidQuery');
    }
  });
});
