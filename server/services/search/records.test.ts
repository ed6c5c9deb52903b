import { BLOCKS, INLINES } from '@contentful/rich-text-types';
import { describe, expect, it } from 'vitest';

import { attributeOf, SEARCH_SCHEMA, searchRecordSchema } from '#shared/search-schema.ts';

import { FIXTURE_ENTRIES, toRichText } from '../../../tests/fixtures/search/entries.ts';
import { getBodyChunks, getParagraphs, toSearchRecords } from './records.ts';

import type { Article, Model3D, Page } from '#shared/content/types.ts';
import type { Document } from '@contentful/rich-text-types';

const byId = (id: string, locale = 'en-US') => FIXTURE_ENTRIES.find((entry) => entry.id === id && entry.locale === locale)!;

describe('toSearchRecords', () => {
  it('maps a model to one record with its name, summary, tags, poster and url', () => {
    const [record, ...rest] = toSearchRecords(byId('m-lounge') as Model3D);

    expect(rest).toEqual([]);
    expect(record).toEqual({
      objectID: 'm-lounge:en-US',
      entryId: 'm-lounge',
      type: 'model',
      locale: 'en-US',
      title: 'Walnut Lounge Chair',
      slug: 'lounge-chair',
      url: '/models/lounge-chair',
      summary: 'A low lounge chair in oiled walnut with leather upholstery.',
      body: 'Steam-bent walnut shells on a swivel base.\nThe upholstery is vegetable-tanned leather.',
      chunk: 0,
      tags: ['Furniture', 'Design'],
      image: '/content-assets/images/m-lounge-poster.jpg',
      updatedAt: '2025-03-01T10:00:00.000Z',
      updatedAtTimestamp: Date.parse('2025-03-01T10:00:00.000Z') / 1000,
    });
  });

  it('names only attributes of the schema’s record in its settings', () => {
    const { snippetEllipsisText: _text, distinct: _flag, ...named } = SEARCH_SCHEMA;

    expect(Object.values(named).flat().length).toBeGreaterThan(10);
    expect(
      Object.values(named)
        .flat()
        .map(attributeOf)
        .filter((name) => !(name in searchRecordSchema.shape)),
    ).toEqual([]);
  });

  it('builds records of the schema’s shape, each attribute of its kind', () => {
    for (const record of FIXTURE_ENTRIES.flatMap(toSearchRecords)) expect(searchRecordSchema.parse(record)).toEqual(record);
  });

  it('prefixes German urls with /de', () => {
    const [model] = toSearchRecords(byId('m-lounge', 'de-DE') as Model3D);
    const page: Page = { ...(byId('p-about') as Page), locale: 'de-DE' };

    expect(model?.url).toBe('/de/models/lounge-chair');
    expect(model?.objectID).toBe('m-lounge:de-DE');
    expect(toSearchRecords(page)[0]?.url).toBe('/de/about');
  });

  it('maps articles and pages to their routes, with excerpt and SEO description as summary', () => {
    const [article] = toSearchRecords(byId('a-light') as Article);
    const [page] = toSearchRecords(byId('p-about') as Page);

    expect(article).toMatchObject({ type: 'article', url: '/articles/lighting-guide', summary: 'Layering ambient, task and accent light in one room.' });
    expect(page).toMatchObject({ type: 'page', url: '/about', summary: 'Who makes Vitrine and why.', tags: [] });
    expect(page).not.toHaveProperty('image');
  });

  it('splits a long body into chunks of about 1000 characters with numbered objectIDs', () => {
    const records = toSearchRecords(byId('a-walnut') as Article);

    expect(records.length).toBeGreaterThan(1);
    expect(records.map((record) => record.objectID)).toEqual(records.map((_, i) => (i === 0 ? 'a-walnut:en-US' : `a-walnut:en-US:${i}`)));
    expect(records.map((record) => record.chunk)).toEqual(records.map((_, i) => i));
    for (const record of records) {
      expect(record.body.length).toBeLessThanOrEqual(1000);
      expect(record).toMatchObject({ title: 'Caring for Walnut', summary: 'How to keep oiled wood beautiful for decades.', entryId: 'a-walnut' });
    }
    expect(records.at(-1)?.body).toContain('photogrammetry');
  });

  it('keeps chunk 0 when the body is empty', () => {
    const page: Page = { ...(byId('p-about') as Page), body: toRichText() };

    expect(toSearchRecords(page)).toEqual([expect.objectContaining({ objectID: 'p-about:en-US', chunk: 0, body: '' })]);
  });

  it('maps a list of entries in order', () => {
    const records = FIXTURE_ENTRIES.flatMap(toSearchRecords);

    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
    expect(records[0]?.objectID).toBe('m-lounge:en-US');
  });
});

describe('getBodyChunks', () => {
  it('splits at paragraph boundaries and never inside a paragraph that fits', () => {
    const paragraphs = Array.from({ length: 5 }, (_, i) => `${String(i).repeat(10)} ${'x'.repeat(388)}`);
    const chunks = getBodyChunks(toRichText(...paragraphs).document);

    expect(chunks).toEqual([`${paragraphs[0]}\n${paragraphs[1]}`, `${paragraphs[2]}\n${paragraphs[3]}`, paragraphs[4]]);
  });

  it('cuts a paragraph longer than a chunk at sentence ends', () => {
    const sentence = `${'word '.repeat(59)}end.`;
    const chunks = getBodyChunks(toRichText(Array.from({ length: 6 }, () => sentence).join(' ')).document);

    expect(chunks.length).toBe(2);
    expect(chunks.every((chunk) => chunk.length <= 1000 && chunk.endsWith('end.'))).toBe(true);
  });

  it('reads text inside lists, quotes, tables and links, and skips embeds', () => {
    const text = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });
    const paragraph = (...content: object[]) => ({ nodeType: BLOCKS.PARAGRAPH, data: {}, content });
    const document = {
      nodeType: BLOCKS.DOCUMENT,
      data: {},
      content: [
        { nodeType: BLOCKS.UL_LIST, data: {}, content: [{ nodeType: BLOCKS.LIST_ITEM, data: {}, content: [paragraph(text('First  item'))] }] },
        { nodeType: BLOCKS.QUOTE, data: {}, content: [paragraph(text('Quoted'))] },
        { nodeType: BLOCKS.EMBEDDED_ENTRY, data: { target: { sys: { id: 'x' } } }, content: [] },
        paragraph(text('See '), { nodeType: INLINES.HYPERLINK, data: { uri: 'https://example.com' }, content: [text('our guide')] }, text('.')),
      ],
    } as unknown as Document;

    expect(getParagraphs(document)).toEqual(['First item', 'Quoted', 'See our guide.']);
  });
});
