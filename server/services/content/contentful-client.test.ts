import { once } from 'node:events';
import { join } from 'node:path';

import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { FIXTURE_SPACE, createFixtureEngine } from '../../../tests/fixtures/contentful/fixture.ts';
import { createLogCapture } from '../../../tests/fakes/test-app.ts';
import { createContentfulClients } from './contentful-client.ts';
import { createCdaRouter } from '#server/embedded/contentful/transport.ts';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContentfulClient, ContentfulClients } from './contentful-client.ts';
import type { LogLine } from '../../../tests/fakes/test-app.ts';

/**
 * The real SDK against the engine two ways: over HTTP (the router on a
 * port-0 server, reached as a "remote" Contentful through `host`) and in
 * process (the adapter). Both must give the SDK identical answers.
 */
let server: Server;
let overHttp: ContentfulClients;
let inProcess: ContentfulClients;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use(createCdaRouter(createFixtureEngine({ accessTokens: { delivery: 'cda-token', preview: 'cpa-token' } })));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  overHttp = await createContentfulClients({
    contentful: { spaceId: FIXTURE_SPACE, accessToken: 'cda-token', previewToken: 'cpa-token', host: origin },
    retryLimit: 0,
  });
  inProcess = await createContentfulClients({}, { engine: createFixtureEngine() });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
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

describe('contentful SDK over HTTP and in process', () => {
  it.each(calls)('%s gives identical answers', async (_name, call) => {
    const [remote, local] = await Promise.all([call(overHttp.delivery), call(inProcess.delivery)]);

    expect(local).toEqual(remote);
  });

  it('gives identical preview answers, drafts included', async () => {
    const [remote, local] = await Promise.all([overHttp.preview.getEntry('article-draft'), inProcess.preview.getEntry('article-draft')]);

    expect(local).toEqual(remote);
    expect(local.fields['title']).toBe('Draft article');
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

  it('rejects a missing entry with the SDK NotFound error, both ways', async () => {
    await expect(overHttp.delivery.getEntry('nope')).rejects.toThrow('The resource could not be found.');
    await expect(inProcess.delivery.getEntry('nope')).rejects.toThrow('The resource could not be found.');
  });

  it('turns CDA error bodies into the same SDK errors, both ways', async () => {
    // Field filters without content_type: the SDK's types forbid it, the CDA answers InvalidQuery.
    const invalid = { 'fields.slug': 'x' } as Parameters<ContentfulClient['getEntries']>[0];
    const errorOf = (client: ContentfulClient) =>
      client.getEntries(invalid).then(
        () => new Error('expected a rejection'),
        (error: unknown) => error as Error,
      );
    const [remote, local] = await Promise.all([errorOf(overHttp.delivery), errorOf(inProcess.delivery)]);
    const summary = (error: Error) => {
      const { status, message, details } = JSON.parse(error.message) as Record<string, unknown>;
      return { name: error.name, status, message, details };
    };

    expect(summary(local)).toEqual(summary(remote));
    expect(summary(local)).toMatchObject({ name: 'InvalidQuery', status: 400 });
  });

  it('rejects a wrong token over HTTP with AccessTokenInvalid', async () => {
    const clients = await createContentfulClients({ contentful: { spaceId: FIXTURE_SPACE, accessToken: 'wrong', host: origin }, retryLimit: 0 });

    await expect(clients.delivery.getEntries()).rejects.toMatchObject({ name: 'AccessTokenInvalid' });
  });
});

describe('createContentfulClients', () => {
  it('reports its mode, timeout and retries', () => {
    expect(inProcess).toMatchObject({ mode: 'embedded', previewAvailable: true, timeoutMs: 5000, retryLimit: 2 });
    expect(overHttp).toMatchObject({ mode: 'remote', previewAvailable: true, retryLimit: 0 });
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

  it('retries a 429 after X-Contentful-RateLimit-Reset (the upstream guard, not the SDK)', async () => {
    const {
      origin: limited,
      hits,
      close,
    } = await startServer((app) => {
      let first = true;
      app.use((_req, res, next) => {
        hits.count++;
        if (!first) return next();
        first = false;
        res
          .status(429)
          .set('X-Contentful-RateLimit-Reset', '0')
          .json({ sys: { type: 'Error', id: 'RateLimitExceeded' }, message: 'slow down' });
      });
      app.use(createCdaRouter(createFixtureEngine()));
    });
    const logHandler = vi.fn();
    const clients = await createContentfulClients({ contentful: { spaceId: FIXTURE_SPACE, accessToken: 'token', host: limited } }, { logHandler });

    const entry = await clients.delivery.getEntry('person-ada');
    await close();

    expect(entry.fields['name']).toBe('Ada Lovelace');
    expect(hits.count).toBe(2);
    expect(logHandler).not.toHaveBeenCalled();
  });

  it('gives up after timeoutMs', async () => {
    const { origin: silent, close } = await startServer((app) => {
      app.use(() => {});
    });
    const clients = await createContentfulClients({
      contentful: { spaceId: FIXTURE_SPACE, accessToken: 'token', host: silent },
      timeoutMs: 100,
      retryLimit: 0,
    });

    // A wall-clock limit per attempt (the guard's), not only axios's idle-socket timeout.
    await expect(clients.delivery.getEntries()).rejects.toThrow('no answer from Contentful within 100 ms');
    await close();
  });
});

async function startServer(configure: (app: express.Express) => void) {
  const app = express();
  const hits = { count: 0 };
  configure(app);
  const instance = app.listen(0, '127.0.0.1');
  await once(instance, 'listening');
  return {
    origin: `http://127.0.0.1:${(instance.address() as AddressInfo).port}`,
    hits,
    close: async () => {
      instance.closeAllConnections();
      await new Promise((resolve) => instance.close(resolve));
    },
  };
}
