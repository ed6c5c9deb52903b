import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createClient } from 'contentful';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { FIXTURE_SPACE, createFixtureEngine } from '../../../tests/fixtures/contentful/fixture.ts';
import { createLogCapture } from '../../../tests/fakes/test-app.ts';
import { createContentfulClients, withUpstreamDeadline } from './contentful-client.ts';
import { createCdaRouter, createCdaServer } from '../../../tests/fakes/cda-server.ts';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContentfulClient, ContentfulClients } from './contentful-client.ts';
import type { LogLine } from '../../../tests/fakes/test-app.ts';

/**
 * The real SDK against the engine three ways: straight over HTTP (the router on a port-0 server: "Contentful"), through a
 * replica of that space kept by the Sync API (ADR 061: remote mode, reached through `host`), and in process (the adapter).
 * All must give the SDK identical answers; the replica's without a request to Contentful.
 */
let server: Server;
let wire: ContentfulClient;
let overHttp: ContentfulClients;
let inProcess: ContentfulClients;
let origin: string;
/** Requests that reached the HTTP server ("Contentful"). */
let upstream: Array<{ path: string; preview: boolean }>;
const dir = mkdtempSync(join(tmpdir(), 'vitrine-contentful-client-'));
const replicaFile = (name: string) => ({ file: join(dir, `${name}.replica`), pollMs: 0 });

beforeAll(async () => {
  upstream = [];
  const app = express();
  app.use((req, _res, next) => {
    upstream.push({ path: req.path, preview: req.get('authorization') === 'Bearer cpa-token' });
    next();
  });
  app.use(createCdaRouter(createCdaServer(createFixtureEngine(), { accessTokens: { delivery: 'cda-token', preview: 'cpa-token' } })));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  wire = createClient({ space: FIXTURE_SPACE, accessToken: 'cda-token', host: new URL(origin).host, insecure: true, retryOnError: false });
  overHttp = await createContentfulClients({
    contentful: { spaceId: FIXTURE_SPACE, accessToken: 'cda-token', previewToken: 'cpa-token', host: origin },
    replica: replicaFile('shared'),
  });
  await overHttp.replica?.start();
  inProcess = await createContentfulClients({}, { engine: createFixtureEngine() });
});

afterAll(async () => {
  await overHttp.replica?.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

type Call = (client: ContentfulClient) => Promise<unknown>;

const calls: [name: string, call: Call][] = [
  ['getEntries with includes and order', (c) => c.getEntries({ content_type: 'article', include: 2, order: ['fields.title'] })],
  [
    'getEntries with field and tag filters',
    (c) => c.getEntries({ content_type: 'article', 'fields.author.sys.id': 'person-ada', 'metadata.tags.sys.id[in]': ['design'] }),
  ],
  ['getEntries with select', (c) => c.getEntries({ content_type: 'article', select: ['fields.title'] })],
  ['getEntry in a fallback locale', (c) => c.getEntry('article-chairs', { locale: 'de-CH' })],
  ['getAsset', (c) => c.getAsset('asset-hero', { locale: 'de-DE' })],
  ['getTags', (c) => c.getTags()],
  ['getTag', (c) => c.getTag('design')],
  ['withoutUnresolvableLinks.getEntries', (c) => c.withoutUnresolvableLinks.getEntries({ 'sys.id': 'article-chairs' })],
  ['withoutLinkResolution.getEntries', (c) => c.withoutLinkResolution.getEntries({ content_type: 'person' })],
  ['getConcepts', (c) => c.getConcepts({ limit: 10 })],
  ['getConcept', (c) => c.getConcept('chairs')],
];

describe('contentful SDK over HTTP, over a replica and in process', () => {
  it.each(calls)('%s gives identical answers', async (_name, call) => {
    const remote = await call(wire);
    const asked = upstream.length;
    const [replicated, local] = await Promise.all([call(overHttp.delivery), call(inProcess.delivery)]);

    expect(replicated).toEqual(remote);
    expect(local).toEqual(remote);
    // The replica answered: nothing reached Contentful.
    expect(upstream.length).toBe(asked);
  });

  it('gives identical preview answers, drafts included, the remote one from the Preview API', async () => {
    const asked = upstream.length;
    const [remote, local] = await Promise.all([overHttp.preview.getEntry('article-draft'), inProcess.preview.getEntry('article-draft')]);

    expect(local).toEqual(remote);
    expect(local.fields['title']).toBe('Draft article');
    // The SDK reads one entry as a query for its id: one request, to the Preview API.
    expect(upstream.slice(asked)).toEqual([{ path: `/spaces/${FIXTURE_SPACE}/environments/master/entries`, preview: true }]);
  });

  it('serves no draft from the replica', async () => {
    await expect(overHttp.delivery.getEntry('article-draft')).rejects.toThrow('The resource could not be found.');
  });

  it('resolves links, link cycles included', async () => {
    const ada = await inProcess.delivery.getEntry('person-ada', { include: 2 });
    const grace = ada.fields['mentor'] as { fields: { name: string; mentor: unknown } };

    expect(grace.fields.name).toBe('Grace Hopper');
    expect(grace.fields.mentor).toBe(ada);
  });

  it('keeps unresolvable links by default and drops them withoutUnresolvableLinks', async () => {
    const kept = await inProcess.delivery.getEntry('article-chairs');
    const dropped = await inProcess.delivery.withoutUnresolvableLinks.getEntry('article-chairs');
    const ids = (entry: { fields: Record<string, unknown> }) => (entry.fields['related'] as { sys: { id: string } }[]).map((item) => item.sys.id);

    expect(ids(kept)).toEqual(['article-lamps', 'article-draft', 'article-missing']);
    expect(ids(dropped)).toEqual(['article-lamps']);
  });

  it('serves rewritten asset URLs', async () => {
    const asset = await inProcess.delivery.getAsset('asset-poster');

    expect(asset.fields.file?.url).toBe('/content-assets/images.ctfassets.net/vitrine-test/asset-poster/abc123/poster.png');
  });

  it('rejects a missing entry with the SDK NotFound error, every way', async () => {
    await expect(wire.getEntry('nope')).rejects.toThrow('The resource could not be found.');
    await expect(overHttp.delivery.getEntry('nope')).rejects.toThrow('The resource could not be found.');
    await expect(inProcess.delivery.getEntry('nope')).rejects.toThrow('The resource could not be found.');
  });

  it('turns CDA error bodies into the same SDK errors, every way', async () => {
    // Field filters without content_type: the SDK's types forbid it, the CDA answers InvalidQuery.
    const invalid = { 'fields.slug': 'x' } as Parameters<ContentfulClient['getEntries']>[0];
    const errorOf = (client: ContentfulClient) =>
      client.getEntries(invalid).then(
        () => new Error('expected a rejection'),
        (error: unknown) => error as Error,
      );
    const [remote, replicated, local] = await Promise.all([errorOf(wire), errorOf(overHttp.delivery), errorOf(inProcess.delivery)]);
    const summary = (error: Error) => {
      const { status, message, details } = JSON.parse(error.message) as Record<string, unknown>;
      return { name: error.name, status, message, details };
    };

    expect(summary(replicated)).toEqual(summary(remote));
    expect(summary(local)).toEqual(summary(remote));
    expect(summary(local)).toMatchObject({ name: 'InvalidQuery', status: 400 });
  });

  it('with a wrong token: the replica cannot sync (delivery answers 503, its status says why), preview gets AccessTokenInvalid', async () => {
    const clients = await createContentfulClients({
      contentful: { spaceId: FIXTURE_SPACE, accessToken: 'wrong', previewToken: 'wrong-too', host: origin },
      replica: replicaFile('wrong-token'),
    });
    await clients.replica?.start();

    await expect(clients.delivery.getEntries()).rejects.toMatchObject({ name: 'ServiceUnavailable' });
    expect(clients.replica?.status()).toMatchObject({ ready: false, source: 'none', lastError: expect.stringContaining('AccessTokenInvalid') });
    await expect(clients.preview.getEntries()).rejects.toMatchObject({ name: 'AccessTokenInvalid' });
    await clients.replica?.stop();
  });
});

describe('createContentfulClients', () => {
  it('reports its mode, timeout and replica', () => {
    expect(inProcess).toMatchObject({ mode: 'embedded', previewAvailable: true, timeoutMs: 5000, replica: undefined });
    expect(overHttp).toMatchObject({ mode: 'remote', previewAvailable: true, timeoutMs: 5000 });
    expect(overHttp.replica?.status()).toMatchObject({ ready: true, source: 'sync', lastError: undefined });
    expect(overHttp.engine?.spaceId).toBe(FIXTURE_SPACE);
  });

  it('serves published content from preview when there is no preview token', async () => {
    const clients = await createContentfulClients({ contentful: { spaceId: FIXTURE_SPACE, accessToken: 'cda-token', host: origin } });

    expect(clients.previewAvailable).toBe(false);
    expect(clients.preview).toBe(clients.delivery);
  });

  it('loads the export file in embedded mode', async () => {
    const { FIXTURE_FILE } = await import('../../../tests/fixtures/contentful/fixture.ts');
    const clients = await createContentfulClients({ exportFile: FIXTURE_FILE, assetBaseUrl: '/files' });
    const asset = await clients.delivery.getAsset('asset-hero');

    expect(clients.engine?.spaceId).toBe(FIXTURE_SPACE);
    expect(asset.fields.file?.url).toMatch(/^\/files\/images\.ctfassets\.net\//);
  });

  it('logs what it resolved in an older export (ADR 040), naming the file', async () => {
    const lines: LogLine[] = [];
    const exportFile = join(import.meta.dirname, '../../../tests/fixtures/contentful/older-exports/2020-tags-without-visibility.json');
    await createContentfulClients({ exportFile }, { logger: pino({ level: 'info' }, createLogCapture(lines)) });

    expect(lines.map((line) => [line.level, line['exportFile'], line.msg])).toEqual([
      [40, exportFile, expect.stringMatching(/^Contentful export: locales en-GB, de-DE are all flagged default; using en-GB/)],
      [40, exportFile, expect.stringMatching(/^Contentful export: tags design, materials have no sys.visibility/)],
    ]);
  });

  it('refuses to start with neither credentials nor an export file', async () => {
    await expect(createContentfulClients({})).rejects.toThrow('set credentials or an export file');
  });

  it('syncs the replica again after a 429 once X-Contentful-RateLimit-Reset has passed; the SDK neither waits nor logs', async () => {
    const arrivals: Array<{ at: number; status: number }> = [];
    const { origin: limited, close } = await startServer((app) => {
      let first = true;
      app.use((_req, res, next) => {
        arrivals.push({ at: Date.now(), status: first ? 429 : 200 });
        if (!first) return next();
        first = false;
        res
          .status(429)
          .set('X-Contentful-RateLimit-Reset', '1')
          .json({ sys: { type: 'Error', id: 'RateLimitExceeded' }, message: 'slow down' });
      });
      app.use(createCdaRouter(createCdaServer(createFixtureEngine())));
    });
    const logHandler = vi.fn();
    const clients = await createContentfulClients(
      { contentful: { spaceId: FIXTURE_SPACE, accessToken: 'token', host: limited }, replica: replicaFile('rate-limited') },
      { logHandler },
    );

    await clients.replica?.start();
    await clients.replica?.ready;
    const entry = await clients.delivery.getEntry('person-ada');
    await clients.replica?.stop();
    await close();

    expect(entry.fields['name']).toBe('Ada Lovelace');
    expect(arrivals.filter((arrival) => arrival.status === 429)).toHaveLength(1);
    // The first sync's other requests answered at once; the next sync came after the second Contentful asked for.
    const limitedAt = arrivals[0]?.at ?? 0;
    const retriedAt = arrivals.find((arrival) => arrival.at - limitedAt > 500)?.at ?? Infinity;
    expect(retriedAt - limitedAt).toBeGreaterThanOrEqual(950);
    expect(clients.replica?.status()).toMatchObject({ ready: true, lastError: undefined });
    expect(logHandler).not.toHaveBeenCalled();
  });

  it("gives up on a request to Contentful after timeoutMs (the replica keeps what it has), or at the caller's deadline", async () => {
    const { origin: silent, close } = await startServer((app) => {
      app.use(() => {});
    });
    const clients = await createContentfulClients({
      contentful: { spaceId: FIXTURE_SPACE, accessToken: 'token', previewToken: 'preview-token', host: silent },
      timeoutMs: 100,
      replica: replicaFile('silent'),
    });
    const slower = await createContentfulClients({
      contentful: { spaceId: FIXTURE_SPACE, accessToken: 'token', previewToken: 'preview-token', host: silent },
      timeoutMs: 5000,
    });

    await clients.replica?.start();
    // A wall-clock limit per request, not only axios's idle-socket timeout.
    expect(clients.replica?.status()).toMatchObject({ ready: false, lastError: expect.stringContaining('no answer from Contentful within 100 ms') });
    await expect(clients.delivery.getEntries()).rejects.toMatchObject({ name: 'ServiceUnavailable' });
    await expect(clients.preview.getEntries()).rejects.toThrow('no answer from Contentful within 100 ms');
    const started = performance.now();
    await expect(withUpstreamDeadline(Date.now() + 150, () => slower.preview.getEntries())).rejects.toThrow(/^no answer from Contentful within 1[45]\d ms$/);
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(withUpstreamDeadline(Date.now() - 1, () => slower.preview.getEntries())).rejects.toThrow('no time left for Contentful before the deadline');
    await clients.replica?.stop();
    await close();
  });
});

async function startServer(configure: (app: express.Express) => void) {
  const app = express();
  configure(app);
  const instance = app.listen(0, '127.0.0.1');
  await once(instance, 'listening');
  return {
    origin: `http://127.0.0.1:${(instance.address() as AddressInfo).port}`,
    close: async () => {
      instance.closeAllConnections();
      await new Promise((resolve) => instance.close(resolve));
    },
  };
}
