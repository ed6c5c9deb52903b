import { readFileSync } from 'node:fs';

import { createClient } from 'contentful';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';

import { createCdaRouter, createCdaServer } from '../../../tests/fakes/cda-server.ts';
import { cdaGet, createFixtureEngine as fixtureEngine, readFixture } from '../../../tests/fixtures/contentful/fixture.ts';
import { createCdaEngine as cdaEngine } from './engine.ts';
import { parseSpaceExport } from './space-export.ts';
import { createCdaAdapter } from './transport.ts';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContentfulClientApi } from 'contentful';
import type { ErrorBody } from '../../../tests/fixtures/contentful/fixture.ts';
import type { CdaServer as CdaEngine } from '../../../tests/fakes/cda-server.ts';
import type { ExportAsset, ExportEntry, SpaceExport } from './space-export-schema.ts';

type Client = ContentfulClientApi<undefined>;
type SyncPage = Awaited<ReturnType<Client['withoutLinkResolution']['sync']>>;
type SyncStart = Parameters<Client['withoutLinkResolution']['sync']>[0];

const PUBLISHED_ENTRIES = ['article-chairs', 'article-lamps', 'article-tables', 'model-chair', 'model-lamp', 'person-ada', 'person-grace'];
const PUBLISHED_ASSETS = ['asset-avatar', 'asset-glb', 'asset-hero', 'asset-poster'];

/** The engine as the fake Contentful serves it: the Sync API lives there (tests/fakes/cda-server.ts), not in the app's engine. */
const createFixtureEngine = () => createCdaServer(fixtureEngine());
const createCdaEngine = (space: SpaceExport) => createCdaServer(cdaEngine(space));

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve, reject) => {
          server.closeAllConnections();
          server.close((error) => (error ? reject(error) : resolve()));
        }),
    ),
  );
});

/** The two ways the app's SDK reaches the engine: the axios adapter (no socket) and the Express router on a port. */
const transports = [
  {
    name: 'in process',
    connect: (engine: CdaEngine, preview = false): Promise<Client> =>
      Promise.resolve(
        createClient({
          space: engine.spaceId,
          environment: engine.environmentId,
          accessToken: 'embedded',
          host: 'embedded.invalid',
          adapter: createCdaAdapter(engine, { preview }),
        }),
      ),
  },
  {
    name: 'over HTTP',
    connect: async (engine: CdaEngine, preview = false): Promise<Client> => {
      const app = express();
      app.use(createCdaRouter(engine, { preview }));
      const server = await new Promise<Server>((resolve) => {
        const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
      });
      servers.push(server);
      const { port } = server.address() as AddressInfo;
      return createClient({ space: engine.spaceId, environment: engine.environmentId, accessToken: 'embedded', host: `127.0.0.1:${port}`, insecure: true });
    },
  },
];

/** Every page of one sync (`paginate: false`, as the replica reads it), until the feed hands out the next sync token. */
async function syncPages(client: Client, start: SyncStart): Promise<{ pages: SyncPage[]; nextSyncToken: string }> {
  const pages: SyncPage[] = [];
  let query = start;
  for (;;) {
    const page = await client.withoutLinkResolution.sync(query, { paginate: false });
    pages.push(page);
    if (page.nextSyncToken) return { pages, nextSyncToken: page.nextSyncToken };
    if (!page.nextPageToken) throw new Error('a sync page with neither nextPageToken nor nextSyncToken');
    query = { nextPageToken: page.nextPageToken };
  }
}

/** The ids a sync's pages carry, by kind, in the order they came. */
function syncedIds(pages: readonly SyncPage[]) {
  const ids = (pick: (page: SyncPage) => readonly { sys: { id: string } }[]) => pages.flatMap((page) => pick(page).map((item) => item.sys.id));
  return {
    entries: ids((page) => page.entries),
    assets: ids((page) => page.assets),
    deletedEntries: ids((page) => page.deletedEntries),
    deletedAssets: ids((page) => page.deletedAssets),
  };
}

const NO_CHANGES = { entries: [], assets: [], deletedEntries: [], deletedAssets: [] };

function readDemoSpace(): SpaceExport {
  const file = new URL('../../../content/space-export.json', import.meta.url);
  return parseSpaceExport(JSON.parse(readFileSync(file, 'utf8')), 'demo').space;
}

function isPublished(sys: ExportEntry['sys'] | ExportAsset['sys']): boolean {
  const archived = sys.archivedVersion !== undefined || sys.archivedAt !== undefined;
  return !archived && (sys.publishedVersion !== undefined || sys.publishedAt !== undefined);
}

/** A stored entry, copied so the test may change it. */
function storedEntry(engine: CdaEngine, id: string): ExportEntry {
  const entry = engine.snapshot().entries.find((item) => item.sys.id === id);
  if (!entry) throw new Error(`the space has no entry ${id}`);
  return structuredClone(entry);
}

/** `entry` published again with `field` set to `value` (default locale). */
function republished(entry: ExportEntry, field: string, value: unknown): ExportEntry {
  const version = (entry.sys.publishedVersion ?? 0) + 2;
  const sys = {
    ...entry.sys,
    version: version + 1,
    publishedVersion: version,
    publishedCounter: (entry.sys.publishedCounter ?? 1) + 1,
    publishedAt: '2025-01-01T00:00:00.000Z',
  };
  return { ...entry, sys, fields: { ...entry.fields, [field]: { 'en-US': value } } };
}

/** `entry` unpublished: its sys keeps no publish keys. */
function unpublished(entry: ExportEntry): ExportEntry {
  const sys = { ...entry.sys };
  delete sys.publishedVersion;
  delete sys.publishedAt;
  delete sys.firstPublishedAt;
  delete sys.publishedCounter;
  return { ...entry, sys };
}

describe.each(transports)('the Sync API $name', ({ connect }) => {
  it('pages every published entry and asset exactly once, drafts and archived never', async () => {
    const space = readDemoSpace();
    const engine = createCdaEngine(space);
    const client = await connect(engine);

    const { pages } = await syncPages(client, { initial: true, limit: 5 });
    const synced = syncedIds(pages);

    const published = (items: readonly { sys: ExportEntry['sys'] | ExportAsset['sys'] }[]) =>
      items.filter((item) => isPublished(item.sys)).map((item) => item.sys.id);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.every((page) => page.entries.length + page.assets.length <= 5)).toBe(true);
    expect(new Set(synced.entries).size).toBe(synced.entries.length);
    expect(new Set(synced.assets).size).toBe(synced.assets.length);
    expect(synced.entries.sort()).toEqual(published(space.entries).sort());
    expect(synced.assets.sort()).toEqual(published(space.assets).sort());
    expect(synced.entries).not.toContain('article-spring-collection-preview');
    expect(synced.deletedEntries).toEqual([]);
  });

  it('leaves out drafts and archived items of the fixture', async () => {
    const client = await connect(createFixtureEngine());

    const { pages } = await syncPages(client, { initial: true, limit: 5 });
    const synced = syncedIds(pages);

    expect(synced.entries.sort()).toEqual(PUBLISHED_ENTRIES);
    expect(synced.assets.sort()).toEqual(PUBLISHED_ASSETS);
    expect(pages.map((page) => page.entries.length + page.assets.length)).toEqual([5, 5, 1]);
  });

  it('serves every locale of every field, without sys.locale', async () => {
    const client = await connect(createFixtureEngine());

    const { pages } = await syncPages(client, { initial: true, limit: 100 });
    const chairs = pages[0]?.entries.find((entry) => entry.sys.id === 'article-chairs');

    expect(pages).toHaveLength(1);
    expect(chairs?.fields['title']).toEqual({ 'en-US': 'Designing chairs', 'de-DE': 'Stühle entwerfen' });
    expect(chairs?.fields['author']).toEqual({ 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'person-ada' } } });
    expect(chairs?.fields).not.toHaveProperty('internalNote');
    expect(chairs?.sys).not.toHaveProperty('locale');
    expect(chairs?.sys).toMatchObject({ id: 'article-chairs', type: 'Entry', revision: 3, contentType: { sys: { id: 'article' } } });
  });

  it('collects every page with paginate and resolves links between the synced items', async () => {
    const client = await connect(createFixtureEngine());

    const all = await client.sync({ initial: true, limit: 2 });
    const chairs = all.entries.find((entry) => entry.sys.id === 'article-chairs');
    const author = (chairs?.fields['author'] as Record<string, { sys: { id: string; type: string } }> | undefined)?.['en-US'];

    expect(all.entries.map((entry) => entry.sys.id).sort()).toEqual(PUBLISHED_ENTRIES);
    expect(all.assets.map((asset) => asset.sys.id).sort()).toEqual(PUBLISHED_ASSETS);
    expect(all.nextSyncToken).toEqual(expect.any(String));
    expect(all.nextPageToken).toBeUndefined();
    expect(author?.sys).toMatchObject({ id: 'person-ada', type: 'Entry' });
  });

  it('returns just the entry apply changed in the next delta', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);
    const { nextSyncToken } = await syncPages(client, { initial: true, limit: 5 });

    engine.apply({ entries: [republished(storedEntry(engine, 'article-lamps'), 'title', 'Lamps, again')] });
    const delta = await syncPages(client, { nextSyncToken });

    expect(delta.pages).toHaveLength(1);
    expect(syncedIds(delta.pages)).toEqual({ ...NO_CHANGES, entries: ['article-lamps'] });
    expect(delta.pages[0]?.entries[0]?.fields['title']).toEqual({ 'en-US': 'Lamps, again' });
    expect(delta.nextSyncToken).not.toBe(nextSyncToken);
  });

  it('returns a DeletedEntry tombstone for an entry apply removed', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);
    const { nextSyncToken } = await syncPages(client, { initial: true });

    engine.apply({ deletedEntries: ['article-tables'] });
    const delta = await syncPages(client, { nextSyncToken });
    const [tombstone] = delta.pages[0]?.deletedEntries ?? [];

    expect(syncedIds(delta.pages)).toEqual({ ...NO_CHANGES, deletedEntries: ['article-tables'] });
    expect(tombstone?.sys).toMatchObject({
      id: 'article-tables',
      type: 'DeletedEntry',
      space: { sys: { id: 'vitrine-test' } },
      environment: { sys: { id: 'master' } },
      deletedAt: expect.any(String),
    });
  });

  it('returns a DeletedEntry tombstone for an entry a replaced space no longer holds', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);
    const { nextSyncToken } = await syncPages(client, { initial: true });
    const space = engine.snapshot();

    engine.replace({ ...space, entries: space.entries.filter((entry) => entry.sys.id !== 'person-grace') });
    const delta = await syncPages(client, { nextSyncToken });

    expect(syncedIds(delta.pages)).toEqual({ ...NO_CHANGES, deletedEntries: ['person-grace'] });
  });

  it('returns a tombstone for an entry unpublished or archived', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);
    const { nextSyncToken } = await syncPages(client, { initial: true });
    const archived = storedEntry(engine, 'model-lamp');

    engine.apply({ entries: [unpublished(storedEntry(engine, 'article-chairs')), { ...archived, sys: { ...archived.sys, archivedVersion: 9 } }] });
    const delta = await syncPages(client, { nextSyncToken });

    expect(syncedIds(delta.pages)).toEqual({ ...NO_CHANGES, deletedEntries: ['article-chairs', 'model-lamp'] });
  });

  it('returns a DeletedAsset tombstone for an asset removed', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);
    const { nextSyncToken } = await syncPages(client, { initial: true });

    engine.apply({ deletedAssets: ['asset-glb'] });
    const delta = await syncPages(client, { nextSyncToken });

    expect(syncedIds(delta.pages)).toEqual({ ...NO_CHANGES, deletedAssets: ['asset-glb'] });
    expect(delta.pages[0]?.deletedAssets[0]?.sys).toMatchObject({ id: 'asset-glb', type: 'DeletedAsset' });
  });

  it('returns nothing for changes the delivery API does not see: a draft, a removal of what it never served', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);
    const { nextSyncToken } = await syncPages(client, { initial: true });

    engine.apply({
      entries: [{ ...storedEntry(engine, 'article-draft'), fields: { title: { 'en-US': 'Still a draft' } } }],
      deletedEntries: ['article-archived'],
    });
    const delta = await syncPages(client, { nextSyncToken });

    expect(syncedIds(delta.pages)).toEqual(NO_CHANGES);
  });

  it('leaves tombstones out of an initial sync, and brings an entry published for the first time in the next delta', async () => {
    const engine = createFixtureEngine();
    const draft = storedEntry(engine, 'article-draft');
    const client = await connect(engine);
    engine.apply({ entries: [republished(storedEntry(engine, 'article-tables'), 'slug', 'tables')], deletedEntries: ['person-grace'] });
    const initial = await syncPages(client, { initial: true });

    engine.apply({ entries: [republished(draft, 'title', 'Published at last')] });
    const delta = await syncPages(client, { nextSyncToken: initial.nextSyncToken });

    expect(syncedIds(initial.pages).entries.sort()).toEqual(PUBLISHED_ENTRIES.filter((id) => id !== 'person-grace'));
    expect(syncedIds(initial.pages).deletedEntries).toEqual([]);
    expect(syncedIds(delta.pages)).toEqual({ ...NO_CHANGES, entries: ['article-draft'] });
  });

  it('returns no items and a token that still works when nothing changed', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);
    const initial = await syncPages(client, { initial: true });

    const quiet = await syncPages(client, { nextSyncToken: initial.nextSyncToken });
    engine.apply({ deletedAssets: ['asset-hero'] });
    const after = await syncPages(client, { nextSyncToken: quiet.nextSyncToken });

    expect(quiet.pages).toHaveLength(1);
    expect(syncedIds(quiet.pages)).toEqual(NO_CHANGES);
    expect(quiet.nextSyncToken).toEqual(expect.any(String));
    expect(syncedIds(after.pages)).toEqual({ ...NO_CHANGES, deletedAssets: ['asset-hero'] });
  });

  it('pages a delta in its initial limit, and brings an item changed meanwhile in the next delta, once', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);
    const { nextSyncToken } = await syncPages(client, { initial: true, limit: 3 });
    const ids = ['article-chairs', 'article-lamps', 'article-tables', 'person-ada', 'person-grace'];
    engine.apply({ entries: ids.map((id) => republished(storedEntry(engine, id), 'slug', `${id}-1`)) });

    const first = await client.withoutLinkResolution.sync({ nextSyncToken }, { paginate: false });
    // One already sent, one still to come on the next page.
    engine.apply({
      entries: [republished(storedEntry(engine, 'article-chairs'), 'slug', 'chairs-2'), republished(storedEntry(engine, 'person-ada'), 'name', 'Ada 2')],
    });
    const rest = await syncPages(client, { nextPageToken: first.nextPageToken ?? '' });
    const next = await syncPages(client, { nextSyncToken: rest.nextSyncToken });

    expect(syncedIds([first]).entries).toEqual(['article-chairs', 'article-lamps', 'article-tables']);
    expect(syncedIds(rest.pages).entries).toEqual(['person-grace']);
    expect(syncedIds(next.pages).entries).toEqual(['article-chairs', 'person-ada']);
    expect(next.pages[0]?.entries.map((entry) => entry.fields['slug'] ?? entry.fields['name'])).toEqual([{ 'en-US': 'chairs-2' }, { 'en-US': 'Ada 2' }]);
  });

  it('brings an item changed during an initial sync in the first delta instead', async () => {
    const engine = createFixtureEngine();
    const client = await connect(engine);

    const first = await client.withoutLinkResolution.sync({ initial: true, limit: 5 }, { paginate: false });
    const later = PUBLISHED_ENTRIES.find((id) => !syncedIds([first]).entries.includes(id)) ?? '';
    engine.apply({ entries: [republished(storedEntry(engine, later), 'slug', 'moved')] });
    const rest = await syncPages(client, { nextPageToken: first.nextPageToken ?? '' });
    const delta = await syncPages(client, { nextSyncToken: rest.nextSyncToken });

    const initialIds = [...syncedIds([first, ...rest.pages]).entries, ...syncedIds([first, ...rest.pages]).assets];
    expect(initialIds).not.toContain(later);
    expect(initialIds).toHaveLength(PUBLISHED_ENTRIES.length + PUBLISHED_ASSETS.length - 1);
    expect(syncedIds(delta.pages)).toEqual({ ...NO_CHANGES, entries: [later] });
  });

  it('rejects a token of another engine with 400', async () => {
    const client = await connect(createFixtureEngine());
    const { nextSyncToken } = await syncPages(await connect(createFixtureEngine()), { initial: true });

    const refused = client.withoutLinkResolution.sync({ nextSyncToken }, { paginate: false });

    await expect(refused).rejects.toMatchObject({ response: { status: 400, data: { sys: { id: 'BadRequest' } } } });
    await expect(client.sync({ nextSyncToken: 'not-a-token' })).rejects.toMatchObject({ response: { status: 400 } });
  });

  it('rejects a sync on the preview API with 400', async () => {
    const client = await connect(createFixtureEngine(), true);

    await expect(client.sync({ initial: true })).rejects.toMatchObject({ response: { status: 400, data: { sys: { id: 'BadRequest' } } } });
  });

  it('rejects a limit out of 1..1000 with 400', async () => {
    const client = await connect(createFixtureEngine());

    for (const limit of [0, 1001, 2.5]) {
      await expect(client.sync({ initial: true, limit })).rejects.toMatchObject({ response: { status: 400 } });
    }
    await expect(client.sync({ initial: true, limit: 1000 })).resolves.toMatchObject({ nextSyncToken: expect.any(String) });
  });

  it('rejects type and content_type with 400', async () => {
    const client = await connect(createFixtureEngine());

    await expect(client.sync({ initial: true, type: 'Asset' })).rejects.toMatchObject({ response: { status: 400 } });
    await expect(client.sync({ initial: true, type: 'Entry', content_type: 'article' })).rejects.toMatchObject({ response: { status: 400 } });
  });
});

describe('the Sync API requests', () => {
  it('answers 400 without initial=true or a token, and for any other sync path', () => {
    const engine = createFixtureEngine();

    const bare = cdaGet<ErrorBody>(engine, 'sync');
    const nested = cdaGet<ErrorBody>(engine, 'sync/more', { initial: 'true' });

    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ sys: { id: 'BadRequest' } });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toMatch(/not supported by the embedded engine/);
  });

  it('answers on the space path and in URLs that carry the request path', () => {
    const engine = createFixtureEngine();

    const response = engine.handle({ method: 'GET', path: '/spaces/vitrine-test/sync', query: { initial: 'true', limit: '3' } });
    const body = response.body as { items: unknown[]; nextPageUrl?: string };

    expect(response.status).toBe(200);
    expect(body.items).toHaveLength(3);
    expect(body.nextPageUrl).toMatch(/^\/spaces\/vitrine-test\/environments\/master\/sync\?sync_token=[\w-]+$/);
  });

  it('answers deltas and initial syncs the same after thousands of changes compacted the log', () => {
    const engine = createFixtureEngine();
    const token = syncToken(cdaGet<{ nextSyncUrl: string }>(engine, 'sync', { initial: 'true' }).body.nextSyncUrl);
    const lamps = engine.snapshot().entries.find((entry) => entry.sys.id === 'article-lamps');
    if (!lamps) throw new Error('the fixture lost article-lamps');

    for (let i = 0; i < 3000; i++) engine.apply({ entries: [{ ...lamps, fields: { ...lamps.fields, slug: { 'en-US': `lamps-${i}` } } }] });
    engine.apply({ deletedEntries: ['article-tables'] });
    const delta = cdaGet<{ items: { sys: { id: string; type: string }; fields?: Record<string, unknown> }[] }>(engine, 'sync', { sync_token: token }).body;
    const initial = cdaGet<{ items: { sys: { id: string } }[] }>(engine, 'sync', { initial: 'true' }).body;

    expect(delta.items.map((item) => [item.sys.type, item.sys.id])).toEqual([
      ['Entry', 'article-lamps'],
      ['DeletedEntry', 'article-tables'],
    ]);
    expect(delta.items[0]?.fields?.['slug']).toEqual({ 'en-US': 'lamps-2999' });
    expect(initial.items).toHaveLength(PUBLISHED_ENTRIES.length - 1 + PUBLISHED_ASSETS.length);
  });

  it('leaves out the values of locales switched off for delivery', () => {
    const data = readFixture();
    data.locales = data.locales.map((locale) => (locale.code === 'fr-FR' ? { ...locale, contentDeliveryApi: false } : locale));
    const engine = createCdaEngine(data);

    const { body } = cdaGet<{ items: { sys: { id: string }; fields: Record<string, unknown> }[] }>(engine, 'sync', { initial: 'true' });
    const chairs = body.items.find((item) => item.sys.id === 'article-chairs');

    expect(cdaGet(engine, 'entries', { locale: 'fr-FR' }).status).toBe(400);
    expect(chairs?.fields['excerpt']).toEqual({ 'en-US': 'How a chair comes to be.' });
    expect(chairs?.fields['title']).toEqual({ 'en-US': 'Designing chairs', 'de-DE': 'Stühle entwerfen' });
  });

  it('sends no item for an entry stored again unchanged, and one for an entry republished after unpublishing', () => {
    const engine = createFixtureEngine();
    const token = syncToken(cdaGet<{ nextSyncUrl: string }>(engine, 'sync', { initial: 'true' }).body.nextSyncUrl);
    const [ada, grace] = ['person-ada', 'person-grace'].map((id) => engine.snapshot().entries.find((entry) => entry.sys.id === id));
    if (!ada || !grace) throw new Error('the fixture lost its people');

    engine.apply({ entries: [structuredClone(ada), unpublished(grace)] });
    engine.apply({ entries: [grace] });
    const delta = cdaGet<{ items: { sys: { id: string; type: string } }[] }>(engine, 'sync', { sync_token: token }).body;

    expect(delta.items.map((item) => [item.sys.type, item.sys.id])).toEqual([['Entry', 'person-grace']]);
  });

  it('fills a last page to the limit and still ends it with the sync token', () => {
    const engine = createFixtureEngine();

    const { body } = cdaGet<{ items: unknown[]; nextPageUrl?: string; nextSyncUrl?: string }>(engine, 'sync', {
      initial: 'true',
      limit: String(PUBLISHED_ENTRIES.length + PUBLISHED_ASSETS.length),
    });

    expect(body.items).toHaveLength(PUBLISHED_ENTRIES.length + PUBLISHED_ASSETS.length);
    expect(body.nextPageUrl).toBeUndefined();
    expect(body.nextSyncUrl).toEqual(expect.any(String));
  });

  it('keeps tokens working across replace', () => {
    const engine = createCdaEngine(readFixture());
    const initial = cdaGet<{ nextSyncUrl: string }>(engine, 'sync', { initial: 'true' }).body;
    const token = syncToken(initial.nextSyncUrl);

    engine.replace(engine.snapshot());
    const delta = cdaGet<{ items: unknown[] }>(engine, 'sync', { sync_token: token });

    expect(delta.status).toBe(200);
    expect(delta.body.items).toEqual([]);
  });
});

function syncToken(url: string): string {
  return new URL(url, 'http://embedded.invalid').searchParams.get('sync_token') ?? '';
}
