import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';
import { createContentEvents, dependenciesOf, toContentChanges } from './content-events.ts';

import { readDemoExport } from '../../../tests/fakes/contentful.ts';

import type { ExportEntry } from '#server/embedded/contentful/space-export-schema.ts';
import type { ContentChange } from './content-events.ts';

describe('dependenciesOf', () => {
  it('names an entry change by its affected ids and its content type', () => {
    const change: ContentChange = { action: 'publish', entityType: 'Entry', id: 'a', contentType: 'article', affectedIds: ['a', 'b'] };

    expect(dependenciesOf(change)).toEqual(['a', 'b', 'type:article']);
  });

  it('names an asset change by its id alone', () => {
    expect(dependenciesOf({ action: 'publish', entityType: 'Asset', id: 'hero', affectedIds: ['hero'] })).toEqual(['hero']);
  });

  it('names a tag or taxonomy change by its markers, not by the entries whose search records it touches', () => {
    const tag: ContentChange = { action: 'save', entityType: 'Tag', id: 'craft', affectedIds: ['article-a'], markers: ['tag:craft', 'tags'] };
    const concept: ContentChange = { action: 'publish', entityType: 'TaxonomyConcept', id: 'chairs', affectedIds: [], markers: ['taxonomy'] };

    expect(dependenciesOf(tag)).toEqual(['tag:craft', 'tags']);
    expect(dependenciesOf(concept)).toEqual(['taxonomy']);
  });
});

describe('createContentEvents', () => {
  it('hands every listener the change, whatever one of them throws', async () => {
    const events = createContentEvents(pino({ level: 'silent' }));
    const seen: string[] = [];
    events.subscribe(() => {
      throw new Error('listener broke');
    });
    events.subscribe((change) => void seen.push(change.entityType));

    await events.emit({ action: 'save', entityType: 'Tag', id: 'craft', affectedIds: [], markers: ['tag:craft', 'tags'] });

    expect(seen).toEqual(['Tag']);
  });
});

const NONE = { entities: [], tags: [], taxonomy: false, model: false };
const demoEngine = () => createCdaEngine(parseSpaceExport(readDemoExport(), 'demo').space);

describe('toContentChanges', () => {
  it('names an entry with the entries linking to it, and its content type', () => {
    const engine = demoEngine();
    const model = engine.delivered('Entry', 'model-ostra-lounge-chair');

    const [change] = toContentChanges({ ...NONE, entities: [{ kind: 'Entry', id: 'model-ostra-lounge-chair', before: model, after: model }] }, engine);

    expect(change).toMatchObject({ action: 'publish', entityType: 'Entry', contentType: 'model' });
    expect(change?.affectedIds).toEqual(expect.arrayContaining(['model-ostra-lounge-chair', 'article-oak-ash-walnut']));
  });

  it('names the entries the replica serves with a changed tag', () => {
    const [change] = toContentChanges({ ...NONE, tags: ['lighting'] }, demoEngine());

    expect(change).toMatchObject({ entityType: 'Tag', id: 'lighting', markers: ['tag:lighting', 'tags'] });
    expect(change?.affectedIds.sort()).toEqual([
      'article-rendering-light',
      'article-the-balance-of-a-desk-lamp',
      'model-halo-pendant',
      'model-pivot-desk-lamp',
    ]);
  });

  it('still names an entry that carried a deleted tag until this sync', () => {
    const engine = demoEngine();
    const entry = engine.snapshot().entries.find((e) => e.sys.id === 'article-what-the-kiln-decides') as ExportEntry;
    const untagged = { ...entry, metadata: { ...entry.metadata, tags: (entry.metadata?.tags ?? []).filter((tag) => tag.sys.id !== 'craft') } };
    const entities = engine.apply({ entries: [untagged] as ExportEntry[] });

    const tag = toContentChanges({ ...NONE, entities, tags: ['craft'] }, engine).find((change) => change.entityType === 'Tag');

    expect(engine.tagged('craft')).not.toContain('article-what-the-kiln-decides');
    expect(tag?.affectedIds).toContain('article-what-the-kiln-decides');
  });
});
