import { once } from 'node:events';
import { readFile, truncate, writeFile } from 'node:fs/promises';

import { createClient } from 'contentful';
import express from 'express';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { DEMO_SPACE, FAKE_TOKENS, entryOf, startFakeContentful } from '../../../tests/fakes/contentful.ts';
import { createLogCapture } from '../../../tests/fakes/test-app.ts';
import { createContentfulClients } from './contentful-client.ts';
import { readReplicaFile, replicaPath } from './replica-file.ts';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeContentful, FakeRequest, RawExport } from '../../../tests/fakes/contentful.ts';
import type { LogLine } from '../../../tests/fakes/test-app.ts';
import type { ContentfulClients } from './contentful-client.ts';
import type { Replica, ReplicaChanges } from './replica.ts';

/**
 * The replica against a wire-level Contentful: the fake (the embedded engine over HTTP, its Sync API included), reached
 * by the real SDK, directly or through a proxy that can spoil one sync page. Each fault must leave the last good replica
 * serving and log one line that says what happened.
 */
// Long enough for an initial sync on a loaded CI machine; the hang tests cut requests off sooner.
const TIMEOUT_MS = 2000;
const HANG_TIMEOUT_MS = 300;
const CATCH_UP_MS = 2000;

interface Opened {
  clients: ContentfulClients;
  replica: Replica;
  logs: LogLine[];
  changes: ReplicaChanges[];
}

let fake: FakeContentful;
let file: string;
const opened: Opened[] = [];
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  fake = await startFakeContentful();
  file = replicaPath(fake.env['DATA_DIR'] ?? '', DEMO_SPACE, 'master');
});

afterEach(async () => {
  fake.recover();
  await Promise.all(opened.splice(0).map(({ replica }) => replica.stop()));
  await Promise.all(closers.splice(0).map((close) => close()));
  await fake.close();
});

/** The app's clients in remote mode over `host` (the fake by default), logging into `logs`. */
async function open({ host = fake.origin, timeoutMs = TIMEOUT_MS }: { host?: string; timeoutMs?: number } = {}): Promise<Opened> {
  const logs: LogLine[] = [];
  const changes: ReplicaChanges[] = [];
  const clients = await createContentfulClients(
    { contentful: { spaceId: DEMO_SPACE, accessToken: FAKE_TOKENS.delivery, host }, timeoutMs, replica: { file, pollMs: 0, catchUpMs: CATCH_UP_MS } },
    { logger: pino({ level: 'debug' }, createLogCapture(logs)), onReplicaChange: (change) => void changes.push(change) },
  );
  const replica = clients.replica;
  if (!replica) throw new Error('remote mode has a replica');
  const result = { clients, replica, logs, changes };
  opened.push(result);
  return result;
}

/** `open`, with a replica to serve (started, first sync done). */
async function openStarted(options: Parameters<typeof open>[0] = {}): Promise<Opened> {
  const result = await open(options);
  await result.replica.start();
  await result.replica.ready;
  return result;
}

/** A replica made by an initial sync and written to the file, then stopped (what a previous process left). */
async function seedFile(): Promise<void> {
  const { replica } = await openStarted();
  await replica.stop();
}

/** What was logged at warn or above, in a form a test compares. */
const problems = (logs: readonly LogLine[]) =>
  logs.filter((line) => line.level >= 40).map(({ level, msg, reason }) => ({ level, msg, ...(reason === undefined ? {} : { reason }) }));

const SYNC_FAILED = 'content sync failed; the last replica keeps serving';
const isSync = (request: FakeRequest) => request.resource === '/sync';
const syncQueries = () => fake.requests.filter(isSync).map((request) => request.query);

/** The site's name as the replica serves it (the real SDK over the replica's engine). */
async function siteName(clients: ContentfulClients): Promise<unknown> {
  return (await clients.delivery.getEntry('site-settings')).fields['name'];
}

/** Publishes a new site name (the fake gives `site-settings` its next revision, 2, as a publish in Contentful does). */
function publishSiteName(name: string): (data: RawExport) => void {
  return (data) => {
    entryOf(data, 'site-settings').fields['name'] = { 'en-US': name, 'de-DE': name };
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('replica: initial sync and the file', () => {
  it('serves the space after an initial sync and writes the file', async () => {
    const { clients, replica } = await open();
    const direct = createClient({ space: DEMO_SPACE, accessToken: FAKE_TOKENS.delivery, host: new URL(fake.origin).host, insecure: true });

    await replica.start();
    const [served, upstream] = await Promise.all([
      clients.delivery.getEntries({ content_type: 'article', order: ['sys.id'] }),
      direct.getEntries({ content_type: 'article', order: ['sys.id'] }),
    ]);
    await replica.stop();

    expect(served.items.map((entry) => entry.sys.id)).toEqual(upstream.items.map((entry) => entry.sys.id));
    expect(served.total).toBeGreaterThan(0);
    expect(replica.status()).toMatchObject({ ready: true, source: 'sync', lastError: undefined, entries: 39, assets: 45 });
    expect(syncQueries()).toEqual([{ initial: 'true', limit: '500' }]);
    expect((await readReplicaFile(file))?.space.entries).toHaveLength(39);
  });

  it('starts from the file on a restart and resumes with a delta, without downloading the space again', async () => {
    await seedFile();
    fake.clearLog();
    const { clients, replica, logs } = await open();

    await replica.start();
    const status = replica.status();
    const name = await siteName(clients);
    await replica.stop();

    expect(status).toMatchObject({ ready: true, source: 'file', entries: 39 });
    expect(name).toBe('Vitrine');
    expect(syncQueries()).toEqual([{ sync_token: expect.any(String) }]);
    expect(logs.map((line) => line.msg)).toContain('replica loaded from file');
    expect(problems(logs)).toEqual([]);
    expect(replica.status().source).toBe('sync');
  });

  it('starts from the file and serves while Contentful answers 500', async () => {
    await seedFile();
    fake.fail(500);
    const { clients, replica, logs } = await open();

    await replica.start();
    const name = await siteName(clients);
    await replica.stop();

    expect(name).toBe('Vitrine');
    expect(replica.status()).toMatchObject({ ready: true, source: 'file', ageMs: expect.any(Number), lastError: expect.any(String) });
    expect(replica.status().ageMs).toBeGreaterThanOrEqual(0);
    expect(problems(logs)).toEqual([{ level: 50, msg: SYNC_FAILED, reason: 'upstream-failed' }]);
  });

  const spoilers: [name: string, spoil: () => Promise<void>][] = [
    [
      'a corrupt file (flipped bytes)',
      async () => {
        const bytes = await readFile(file);
        for (const at of [bytes.length - 100, bytes.length - 50]) bytes[at] = (bytes[at] ?? 0) ^ 0x20;
        await writeFile(file, bytes);
      },
    ],
    ['a half-written file', async () => truncate(file, Math.floor((await readFile(file)).length / 2))],
    [
      'a wrong header',
      async () => {
        const text = await readFile(file, 'utf8');
        await writeFile(file, `{"format":"vitrine-replica/0"}${text.slice(text.indexOf('\n'))}`);
      },
    ],
    ['an empty file', async () => writeFile(file, '')],
  ];

  it.each(spoilers)('replaces %s with a fresh initial sync', async (_name, spoil) => {
    await seedFile();
    await spoil();
    fake.clearLog();
    const { clients, replica, logs } = await open();

    await replica.start();
    const name = await siteName(clients);
    await replica.stop();

    expect(name).toBe('Vitrine');
    expect(replica.status()).toMatchObject({ ready: true, source: 'sync' });
    expect(syncQueries()).toEqual([{ initial: 'true', limit: '500' }]);
    expect(problems(logs)).toEqual([{ level: 40, msg: 'replica file unusable: a fresh initial sync replaces it' }]);
    expect((await readReplicaFile(file))?.space.entries).toHaveLength(39);
  });
  it('without a file, answers 503 until a first sync succeeds, retrying on its own', async () => {
    fake.fail(503);
    const { clients, replica, logs } = await open();

    await replica.start();
    const before = replica.status();
    const unavailable = await clients.delivery.getEntry('site-settings').catch((error: unknown) => error);
    fake.recover();
    await replica.ready;

    expect(before).toMatchObject({ ready: false, source: 'none', lastError: expect.any(String) });
    expect(unavailable).toMatchObject({ name: 'ServiceUnavailable', message: expect.stringContaining('The content replica is not loaded yet') });
    expect(await siteName(clients)).toBe('Vitrine');
    expect(replica.status()).toMatchObject({ ready: true, source: 'sync', lastError: undefined });
    expect(problems(logs)[0]).toEqual({ level: 50, msg: SYNC_FAILED, reason: 'upstream-failed' });
  });
});

describe('replica: delta syncs', () => {
  it('applies a changed entry, tells onReplicaChange and serves the new value', async () => {
    const { clients, replica, changes, logs } = await openStarted();
    changes.length = 0;

    fake.update(publishSiteName('Vitrine Studio'));
    await replica.sync();

    expect(changes.flatMap((change) => change.entities.map(({ kind, id, after }) => ({ kind, id, served: after !== undefined })))).toEqual([
      { kind: 'Entry', id: 'site-settings', served: true },
    ]);
    expect(await siteName(clients)).toBe('Vitrine Studio');
    expect(replica.engine?.delivered('Entry', 'site-settings')?.sys['revision']).toBe(2);
    expect(problems(logs)).toEqual([]);
  });

  it('removes an entry Contentful reports deleted (a tombstone)', async () => {
    const { clients, replica, changes } = await openStarted();
    changes.length = 0;

    fake.update((data) => {
      data.entries = data.entries.filter((entry) => entry.sys.id !== 'person-jonas-ebert');
    });
    await replica.sync();

    expect(changes.flatMap((change) => change.entities.map(({ id, after }) => ({ id, served: after !== undefined })))).toEqual([
      { id: 'person-jonas-ebert', served: false },
    ]);
    await expect(clients.delivery.getEntry('person-jonas-ebert')).rejects.toMatchObject({ sys: { id: 'NotFound' } });
    expect(replica.engine?.delivered('Entry', 'person-jonas-ebert')).toBeUndefined();
  });

  it('writes each delta to the file, with the token to resume from', async () => {
    const { replica } = await openStarted();
    const before = await readReplicaFile(file);

    fake.update(publishSiteName('Vitrine Studio'));
    await replica.sync();
    await replica.stop();
    const after = await readReplicaFile(file);

    expect(after?.nextSyncToken).not.toBe(before?.nextSyncToken);
    expect(after?.space.entries.find((entry) => entry.sys.id === 'site-settings')?.fields['name']).toEqual({
      'en-US': 'Vitrine Studio',
      'de-DE': 'Vitrine Studio',
    });
  });
});

describe('replica: faults keep the last good replica serving', () => {
  it('logs one line for a sync page that is not JSON, and the next sync brings the change', async () => {
    const proxy = await startProxy(fake);
    const { clients, replica, logs } = await openStarted({ host: proxy.origin });
    logs.length = 0;

    fake.update(publishSiteName('Vitrine Studio'));
    proxy.spoilNextSync(() => ({ status: 200, type: 'text/html', text: '<html><body>502 Bad Gateway</body></html>' }));
    await replica.sync();
    const during = await siteName(clients);
    const failed = problems(logs);
    await replica.sync();

    expect(during).toBe('Vitrine');
    expect(failed).toEqual([{ level: 50, msg: SYNC_FAILED, reason: 'bad-page' }]);
    expect(await siteName(clients)).toBe('Vitrine Studio');
    expect(replica.status().lastError).toBeUndefined();
  });

  it('logs one line for a truncated JSON page, and the next sync brings the change', async () => {
    const proxy = await startProxy(fake);
    const { clients, replica, logs } = await openStarted({ host: proxy.origin });
    logs.length = 0;

    fake.update(publishSiteName('Vitrine Studio'));
    proxy.spoilNextSync((page) => ({ ...page, text: page.text.slice(0, Math.floor(page.text.length / 2)) }));
    await replica.sync();
    const during = await siteName(clients);
    const failed = problems(logs);
    await replica.sync();

    expect(during).toBe('Vitrine');
    expect(failed).toEqual([{ level: 50, msg: SYNC_FAILED, reason: 'bad-page' }]);
    expect(await siteName(clients)).toBe('Vitrine Studio');
  });

  it('does not serve an entry of an unknown content type, logs it, and applies the rest', async () => {
    const proxy = await startProxy(fake);
    const { clients, replica, logs } = await openStarted({ host: proxy.origin });
    logs.length = 0;
    const known = deliveredItem(replica, 'Entry', 'site-settings');
    const ghost = { ...known, sys: { ...known.sys, id: 'ghost-1', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'ghost' } } } };

    fake.update(publishSiteName('Vitrine Studio'));
    proxy.spoilNextSync((page) => withItems(page, [ghost]));
    await replica.sync();

    await expect(clients.delivery.getEntry('ghost-1')).rejects.toMatchObject({ sys: { id: 'NotFound' } });
    expect(await siteName(clients)).toBe('Vitrine Studio');
    expect(problems(logs)).toEqual([{ level: 40, msg: 'sync entries of an unknown content type are not served' }]);
    expect(logs.find((line) => line.level === 40)?.['entries']).toEqual(['ghost-1 (ghost)']);
    // The model was read again first, in case the type had just been published.
    expect(fake.requests.filter((request) => request.resource === '/content_types')).toHaveLength(2);
  });

  it('leaves out an asset without a file, logs it, and keeps serving its last good version', async () => {
    const proxy = await startProxy(fake);
    const { clients, replica, logs } = await openStarted({ host: proxy.origin });
    logs.length = 0;
    const good = deliveredItem(replica, 'Asset', 'avatar-jonas-ebert');
    const { file: _file, ...withoutFile } = good.fields;
    const broken = { ...good, sys: { ...good.sys, revision: 9 }, fields: { ...withoutFile, title: { 'en-US': 'Broken' } } };

    proxy.spoilNextSync((page) => withItems(page, [broken]));
    await replica.sync();
    const asset = await clients.delivery.getAsset('avatar-jonas-ebert');

    expect(asset.fields.title).toBe('Jonas Ebert');
    expect(asset.fields.file?.url).toMatch(/jonas-ebert\.png$/);
    expect(problems(logs)).toEqual([{ level: 40, msg: 'sync items left out; their last good version stays' }]);
    expect(logs.find((line) => line.level === 40)?.['items']).toEqual(['avatar-jonas-ebert: asset without a file']);
  });

  it('replaces the replica by a fresh initial sync when Contentful rejects the token', async () => {
    const proxy = await startProxy(fake);
    const { clients, replica, logs, changes } = await openStarted({ host: proxy.origin });
    logs.length = 0;
    changes.length = 0;
    // Another feed (as after Contentful expired the token): it answers 400 to the old token.
    const other = await startFakeContentful();
    closers.push(() => other.close());
    other.update(publishSiteName('Vitrine Studio'));
    proxy.upstream = other.origin;

    await replica.sync();

    expect(other.requests.filter(isSync).map((request) => request.query)).toEqual([{ sync_token: expect.any(String) }, { initial: 'true', limit: '500' }]);
    expect(other.requests.find(isSync)?.status).toBe(400);
    expect(await siteName(clients)).toBe('Vitrine Studio');
    expect(changes.flatMap((change) => change.entities.map(({ id }) => id))).toEqual(['site-settings']);
    expect(problems(logs)).toEqual([
      { level: 40, msg: 'sync token or page size refused: a fresh initial sync replaces the replica', reason: 'token-rejected' },
    ]);
    expect(replica.status()).toMatchObject({ source: 'sync', lastError: undefined });
  });

  it('waits out X-Contentful-RateLimit-Reset before the next sync after a 429', async () => {
    const { clients, replica, logs } = await openStarted();
    logs.length = 0;

    fake.rateLimit(1, 1);
    await replica.sync();
    const failed = logs.filter((line) => line.level >= 40);
    const [syncsBefore, started] = [fake.count(isSync), Date.now()];
    const next = replica.sync();
    await sleep(500);
    const syncsWaiting = fake.count(isSync);
    await next;

    expect(failed.map((line) => [line.msg, line['reason'], line['waitMs']])).toEqual([[SYNC_FAILED, 'rate-limited', 1000]]);
    expect(syncsWaiting).toBe(syncsBefore);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.count(isSync)).toBe(syncsBefore + 1);
    expect(fake.requests.at(-1)?.status).toBe(200);
    expect(await siteName(clients)).toBe('Vitrine');
    expect(replica.status().lastError).toBeUndefined();
  });

  it.each([500, 503])('logs one line for a %i and keeps serving', async (status) => {
    const { clients, replica, logs } = await openStarted();
    logs.length = 0;

    fake.fail(status);
    await replica.sync();
    const failed = replica.status();
    fake.recover();

    expect(await siteName(clients)).toBe('Vitrine');
    expect(failed).toMatchObject({ ready: true, source: 'sync', lastError: expect.any(String) });
    expect(problems(logs)).toEqual([{ level: 50, msg: SYNC_FAILED, reason: 'upstream-failed' }]);
  });

  it.each([
    ['hangs', () => fake.hang()],
    ['drips its answer', () => fake.drip(50)],
  ])('aborts a sync after timeoutMs when Contentful %s, and keeps serving', async (_name, fault) => {
    const { clients, replica, logs } = await openStarted({ timeoutMs: HANG_TIMEOUT_MS });
    logs.length = 0;

    fault();
    const started = Date.now();
    await replica.sync();
    const tookMs = Date.now() - started;

    expect(tookMs).toBeGreaterThanOrEqual(HANG_TIMEOUT_MS - 20);
    expect(tookMs).toBeLessThan(HANG_TIMEOUT_MS * 5);
    expect(await siteName(clients)).toBe('Vitrine');
    expect(problems(logs)).toEqual([{ level: 50, msg: SYNC_FAILED, reason: 'no-answer' }]);
    expect(replica.status().lastError).toContain(`no answer from Contentful within ${HANG_TIMEOUT_MS} ms`);
  });
});

describe('replica: catchUp', () => {
  it('syncs with backoff until the published revision arrives', async () => {
    const { clients, replica, logs } = await openStarted();
    fake.clearLog();

    const publish = setTimeout(() => fake.update(publishSiteName('Vitrine Studio')), 600);
    const started = Date.now();
    const caught = await replica.catchUp({ kind: 'Entry', id: 'site-settings', revision: 2 });
    const tookMs = Date.now() - started;
    clearTimeout(publish);

    expect(caught).toBe(true);
    expect(tookMs).toBeGreaterThanOrEqual(600);
    expect(tookMs).toBeLessThan(CATCH_UP_MS + 500);
    expect(fake.count(isSync)).toBeGreaterThan(2);
    expect(await siteName(clients)).toBe('Vitrine Studio');
    expect(problems(logs)).toEqual([]);
  });

  it('syncs until a removed entry is gone', async () => {
    const { clients, replica } = await openStarted();

    const remove = setTimeout(() => fake.update((data) => void (data.entries = data.entries.filter((entry) => entry.sys.id !== 'person-jonas-ebert'))), 300);
    const caught = await replica.catchUp({ kind: 'Entry', id: 'person-jonas-ebert', gone: true });
    clearTimeout(remove);

    expect(caught).toBe(true);
    await expect(clients.delivery.getEntry('person-jonas-ebert')).rejects.toMatchObject({ sys: { id: 'NotFound' } });
  });

  it('returns false after catchUpMs when the revision never arrives', async () => {
    const { replica, logs } = await openStarted();
    logs.length = 0;

    const started = Date.now();
    const caught = await replica.catchUp({ kind: 'Entry', id: 'site-settings', revision: 2 });
    const tookMs = Date.now() - started;

    expect(caught).toBe(false);
    expect(tookMs).toBeGreaterThanOrEqual(1500);
    expect(tookMs).toBeLessThan(CATCH_UP_MS + 1000);
    expect(problems(logs)).toEqual([{ level: 40, msg: 'the replica did not reach the published version in time; the next sync brings it' }]);
  });
});

/** An entry or asset as a sync page carries it (every locale), from what the replica holds. */
function deliveredItem(replica: Replica, kind: 'Entry' | 'Asset', id: string) {
  const entity = replica.engine?.delivered(kind, id);
  if (!entity) throw new Error(`the replica holds no ${kind} ${id}`);
  return { metadata: entity.metadata, sys: entity.sys, fields: entity.fields };
}

interface Page {
  status: number;
  type: string;
  text: string;
}

/** A sync page with `extra` items added to the ones Contentful sent. */
function withItems(page: Page, extra: unknown[]): Page {
  const body = JSON.parse(page.text) as { items: unknown[] };
  return { ...page, text: JSON.stringify({ ...body, items: [...body.items, ...extra] }) };
}

/**
 * Contentful through a proxy on 127.0.0.1: everything goes to `upstream` (the fake), except that the next sync page
 * can be spoiled (not JSON, cut off, odd items) in Contentful's sync wire format. Page URLs keep pointing at the proxy.
 */
async function startProxy(target: FakeContentful) {
  const spoilers: ((page: Page) => Page)[] = [];
  const state = { upstream: target.origin };
  const app = express();
  app.use((req, res, next) => {
    void (async () => {
      const answer = await fetch(state.upstream + req.originalUrl, { headers: { authorization: req.get('authorization') ?? '' } });
      let page: Page = { status: answer.status, type: answer.headers.get('content-type') ?? 'application/json', text: await answer.text() };
      const spoil = req.path.endsWith('/sync') ? spoilers.shift() : undefined;
      if (spoil) page = spoil(page);
      for (const header of ['x-contentful-ratelimit-reset', 'retry-after']) {
        const value = answer.headers.get(header);
        if (value !== null) res.set(header, value);
      }
      res.status(page.status).type(page.type).send(page.text);
    })().catch(next);
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    origin,
    set upstream(value: string) {
      state.upstream = value;
    },
    spoilNextSync: (spoil: (page: Page) => Page) => void spoilers.push(spoil),
  };
}
