import { describe, expect, it } from 'vitest';

import { cdaGet, createFixtureEngine, idsOf } from '../../../tests/fixtures/contentful/fixture.ts';

import type { ErrorBody } from '../../../tests/fixtures/contentful/fixture.ts';

const engine = createFixtureEngine();

interface CursorBody {
  sys: { type: string };
  items: { sys: { id: string; type: string }; prefLabel: Record<string, string> }[];
  limit: number;
  pages: { next?: string; prev?: string };
}

const concepts = (path: string, query: Record<string, string> = {}) => cdaGet<CursorBody>(engine, `taxonomy/${path}`, query).body;

describe('createCdaEngine taxonomy', () => {
  it('lists concepts in the CDA collection shape', () => {
    const body = concepts('concepts');

    expect(body).toMatchObject({ sys: { type: 'Array' }, limit: 100, pages: {} });
    expect(idsOf(body)).toEqual(['furniture', 'seating', 'chairs', 'lighting']);
    expect(body).not.toHaveProperty('total');
  });

  it('serves a concept in its CDA shape', () => {
    const { status, body } = cdaGet<Record<string, unknown>>(engine, 'taxonomy/concepts/chairs');

    expect(status).toBe(200);
    expect(body).toMatchObject({
      sys: { id: 'chairs', type: 'TaxonomyConcept', version: 1 },
      prefLabel: { 'en-US': 'Chairs', 'de-DE': 'Stühle' },
      broader: [{ sys: { type: 'Link', linkType: 'TaxonomyConcept', id: 'seating' } }],
      conceptSchemes: [{ sys: { type: 'Link', linkType: 'TaxonomyConceptScheme', id: 'product-categories' } }],
    });
  });

  it('answers 400 instead of a partial list when the concepts exceed limit (no cursor paging)', () => {
    const { status, body } = cdaGet<ErrorBody>(engine, 'taxonomy/concepts', { limit: '3' });

    expect(status).toBe(400);
    expect(body.message).toMatch(/is not supported by the embedded engine/);
  });

  it('answers 404 for unknown concepts and 400 for unknown parameters', () => {
    expect(cdaGet<ErrorBody>(engine, 'taxonomy/concepts/tables').body).toMatchObject({
      sys: { id: 'NotFound' },
      details: { type: 'TaxonomyConcept', id: 'tables' },
    });
    expect(cdaGet<ErrorBody>(engine, 'taxonomy/concepts', { colour: 'red' }).body.sys.id).toBe('InvalidQuery');
  });
});
