import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { createEmbeddedSearch } from '#server/embedded/algolia/index.ts';
import { createContentEvents } from '#server/services/content/content-events.ts';
import { createLogCapture } from '../../../tests/fakes/test-app.ts';
import { createSearchResync } from './search-resync.ts';

import type { ContentChange } from '#server/services/content/content-events.ts';
import type { Locale } from '#shared/content/types.ts';
import type { SearchRecord } from '#shared/search-schema.ts';
import type { LogLine } from '../../../tests/fakes/test-app.ts';

/** The resync between the real embedded search and an in-memory content source that changes without telling anyone (a missed webhook). */
const EN: Locale = 'en-US';

function record(entryId: string, title: string): SearchRecord {
  const url = `/articles/${entryId}`;
  return {
    objectID: `${entryId}:${EN}`,
    entryId,
    type: 'article',
    locale: EN,
    slug: entryId,
    url,
    title,
    summary: '',
    body: '',
    chunk: 0,
    tags: [],
    updatedAt: '',
    updatedAtTimestamp: 0,
  };
}

function deferred() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

function setup() {
  const source = new Map([
    ['walnut', 'Walnut sideboard'],
    ['lamp', 'Brass desk lamp'],
    ['stool', 'Ash stool'],
  ]);
  /** The entries each call of the index's change path re-indexed. */
  const applied: string[][] = [];
  const loads: Array<readonly string[] | undefined> = [];
  /** While set, full loads take their snapshot, then wait for it (the content source being slow). */
  let hold: Promise<void> | undefined;
  const events = createContentEvents(pino({ level: 'silent' }));
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, createLogCapture(lines));
  const resync = createSearchResync({
    locales: () => [EN],
    events,
    logger,
    loadRecords: async (_locales, entryIds) => {
      loads.push(entryIds);
      if (source.has('broken')) throw new Error('content source down');
      const snapshot = [...source].filter(([id]) => !entryIds || entryIds.includes(id)).map(([id, title]) => record(id, title));
      if (!entryIds) await hold;
      return snapshot;
    },
  });
  const search = createEmbeddedSearch({
    indexPrefix: 'vitrine',
    logger: pino({ level: 'silent' }),
    locales: () => [EN],
    loadRecords: resync.loadRecords,
    onContentChange: (listener) =>
      resync.onContentChange((change) => {
        applied.push(change.affectedIds);
        return listener(change);
      }),
  });
  const find = async (query: string) => {
    const { results } = (await search.searchClient.search([{ indexName: `vitrine_${EN}`, params: { query } }])) as { results: Array<{ hits: SearchRecord[] }> };
    return results[0]!.hits.map((hit) => hit.entryId);
  };
  const emit = (id: string) => events.emit({ action: 'publish', id, entityType: 'Entry', affectedIds: [id] } satisfies ContentChange);
  const holdFullLoads = () => {
    const { gate, release } = deferred();
    hold = gate;
    return () => {
      hold = undefined;
      release();
    };
  };
  return { source, loads, applied, search, resync, find, emit, holdFullLoads, lines };
}

describe('search resync after missed invalidations', () => {
  it('brings in changed and new entries and drops deleted ones in one swap after the load, re-indexing only those', async () => {
    const { source, applied, search, resync, find, holdFullLoads } = setup();
    await search.ready;
    source.set('walnut', 'Oak sideboard');
    source.delete('lamp');
    source.set('chair', 'Lounge chair');

    const release = holdFullLoads();
    const done = resync.resync();
    // The old records answer until the new ones are loaded.
    expect([await find('walnut'), await find('lamp'), await find('lounge')]).toEqual([['walnut'], ['lamp'], []]);
    release();
    await done;

    expect([await find('walnut'), await find('oak'), await find('lamp'), await find('lounge')]).toEqual([[], ['walnut'], [], ['chair']]);
    expect(await find('stool')).toEqual(['stool']);
    expect(applied).toEqual([['walnut', 'lamp', 'chair']]);
  });

  it('re-indexes nothing when nothing was missed', async () => {
    const { applied, loads, search, resync } = setup();
    await search.ready;

    await resync.resync();

    expect(loads).toEqual([undefined, undefined]);
    expect(applied).toEqual([]);
  });

  it('coalesces resyncs asked for while one runs into one more, and loads nothing twice per pass', async () => {
    const { loads, search, resync, holdFullLoads } = setup();
    await search.ready;
    loads.length = 0;

    const release = holdFullLoads();
    const all = [resync.resync(), resync.resync(), resync.resync()];
    release();
    await Promise.all(all);

    expect(loads).toEqual([undefined, undefined]);
  });

  it('lets a webhook that arrives during the load have the last word over the older snapshot', async () => {
    const { source, search, resync, find, emit, holdFullLoads } = setup();
    await search.ready;
    source.set('walnut', 'Cherry sideboard');

    const release = holdFullLoads();
    const done = resync.resync();
    await Promise.resolve();
    source.set('walnut', 'Maple sideboard');
    await emit('walnut');
    expect(await find('maple')).toEqual(['walnut']);
    release();
    await done;

    expect([await find('maple'), await find('cherry')]).toEqual([['walnut'], []]);
  });

  it('logs a failed resync and keeps the old records answering', async () => {
    const { source, search, resync, find, lines } = setup();
    await search.ready;
    source.set('broken', 'x');

    await resync.resync();
    resync.stop();

    expect(await find('walnut')).toEqual(['walnut']);
    expect(lines.find((line) => line.msg.startsWith('search index resync failed'))).toMatchObject({ err: { message: 'content source down' } });
  });
});
