import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { createContentEvents, dependenciesOf } from './content-events.ts';

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
