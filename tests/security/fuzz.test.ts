import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { createServices } from '#server/composition.ts';
import { createDevAssets } from '#server/ssr/assets.ts';
import { WEBHOOK_SECRET } from '../fakes/contentful-app.ts';

import type { Services } from '#server/composition.ts';
import type { SsrEntry } from '#server/ssr/assets.ts';
import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Hostile input (ADR 011, docs/security.md): malformed cookies, headers,
 * percent-encodings, over-long values and bodies sent to every route the app
 * mounts (server/app.ts, server/composition.ts), on the real composition
 * over the embedded demo space with every optional part switched on. Nothing
 * may answer 5xx; bad bodies get a 4xx that says what is wrong.
 */
const ASSET = '/content-assets/images.ctfassets.net/vitrine-demo/poster-tide-vase/f5a8dc653800ec4f9e8269533567a4ba/tide-vase-poster.jpg';

/** Every GET route: pages in both locales, route data, JSON API, preview, feeds, ops, assets, static files. */
const GET_ROUTES = [
  '/',
  '/de',
  '/models',
  '/de/models?category=chairs',
  '/models/ostra-lounge-chair',
  '/de/models/ostra-lounge-chair',
  '/models/ostra-lounge-chair/embed',
  '/articles?page=2',
  '/de/articles',
  '/articles/oak-ash-walnut',
  '/de/articles/oak-ash-walnut',
  '/tags/walnut',
  '/search?q=chair',
  '/de/search?q=stuhl',
  '/no-such-page',
  '/_data/?_routes=root',
  '/_data/models/ostra-lounge-chair',
  '/_data/de/search?q=lamp',
  '/api/content/articles?limit=2',
  '/api/content/models',
  '/api/content/pages?locale=de-DE',
  '/api/content/tags',
  '/api/content/categories',
  '/api/content/article/oak-ash-walnut',
  '/api/preview?secret=x&path=/',
  '/api/preview/exit?path=/de',
  '/robots.txt',
  '/sitemap.xml',
  '/rss.xml',
  '/de/rss.xml',
  '/healthz',
  '/readyz',
  ASSET,
  `${ASSET}?w=320&fm=webp`,
  '/_insights/summary',
  '/_insights/dashboard',
  '/favicon.svg',
  '/assets/index-Abc123.js',
  '/decoders/draco.js',
  // The collector serves the built scripts; a checkout that was never built has none (a deploy fault, not input).
  ...(existsSync('dist/insights') ? ['/_insights/insights/script.js', '/_insights/speed-insights/script.js'] : []),
];

/** Every POST route, with a body it accepts. */
const POST_ROUTES: Array<[string, string]> = [
  ['/1/indexes/vitrine_en-US/query', JSON.stringify({ query: 'chair' })],
  ['/1/indexes/*/queries', JSON.stringify({ requests: [{ indexName: 'vitrine_de-DE', query: 'lampe' }] })],
  ['/1/indexes/vitrine_en-US/facets/category/query', JSON.stringify({ facetQuery: 'ch' })],
  ['/1/events', JSON.stringify({ events: [] })],
  ['/_insights/insights/events', JSON.stringify([])],
  ['/_insights/speed-insights/events', JSON.stringify([])],
  ['/api/webhooks/contentful', JSON.stringify({ sys: { id: 'x' } })],
];

const LONG = 'A'.repeat(6000);

/** Cookie headers a browser, proxy or attacker might send. */
const COOKIES = [
  'vitrine_preview=%E0%A4%A',
  'vitrine_preview=%',
  'vitrine_preview=%zz',
  'vitrine_preview=%00',
  'vitrine_preview=%c0%af',
  'vitrine_preview=..%2f..%2f',
  'vitrine_preview=1.2.3',
  'vitrine_preview=99999999999999999999.AAAA',
  `vitrine_preview=${LONG}`,
  'vitrine_preview=a; vitrine_preview=%E0',
  'vitrine_preview',
  '=; ;;=;=%E0',
  'a=%E0%A4%A; b="unterminated',
  'theme=\u00ff\u00fe',
  `${LONG}=${LONG}`,
];

/** Single odd headers (Host stays the default 127.0.0.1: Host validation is tested elsewhere). */
const HEADERS: Array<Record<string, string>> = [
  { Accept: '*/*;q=%E0' },
  { Accept: 'text/html;q=abc, application/json;q=NaN' },
  { 'Accept-Encoding': 'gzip;q=%, br;q=-1, *;q=2' },
  { 'Accept-Language': '%E0%A4%A,de;q=x' },
  { 'If-None-Match': `W/"${LONG}"` },
  { 'If-None-Match': '"unterminated, *, W/' },
  { 'If-Modified-Since': 'not a date' },
  { Range: 'bytes=999999999-' },
  { Range: 'bytes=a-b, -, 5-1' },
  { 'Content-Type': 'application/json; charset=bogus' },
  { 'X-Forwarded-For': '%E0, 999.1.1.1, ::ffff:zzz' },
  { 'X-Forwarded-Proto': 'javascript' },
  { 'X-Request-Id': `%E0\u00ff${LONG}` },
  { 'User-Agent': LONG },
  { Referer: 'http://%E0%A4%A/..%2f' },
  { Authorization: 'Bearer %E0%A4%A' },
  { Authorization: 'Basic !!!not-base64' },
  { Origin: 'null' },
  { 'X-Contentful-Timestamp': 'NaN', 'X-Contentful-Signature': '%E0', 'X-Contentful-Signed-Headers': ',,,' },
];

/** Query strings appended to each route (the request guard answers malformed ones with 400). */
const QUERIES = [
  '%',
  '%zz',
  '%E0%A4%A',
  'q=%00',
  'q=%c0%af',
  'q=..%2f..%2f',
  `q=${LONG}`,
  'page=-1&page=1e999&limit=NaN',
  'locale[]=x&skip[a]=1',
  'w=%00&h=-5&q=1000&fm=../',
];

/** Bodies for the POST routes, each with the content type it is sent as. */
const BODIES: Array<[string, string, Buffer | string]> = [
  ['truncated JSON', 'application/json', '{"query":'],
  ['JSON null', 'application/json', 'null'],
  ['JSON string', 'application/json', '"x"'],
  ['JSON number', 'application/json', '1e999'],
  ['wrong shapes', 'application/json', JSON.stringify({ query: 42, requests: 'x', events: {}, facetQuery: [], sys: null })],
  ['prototype keys', 'application/json', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'],
  ['deep nesting', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['lone surrogate escapes', 'application/json', '{"query":"\\ud800\\udfff\\udc00"}'],
  ['lone surrogates in keys', 'application/json', '{"\\ud800":"\\udc00","params":{"\\udfff":1},"requests":[{"indexName":"\\ud800"}]}'],
  ['invalid UTF-8', 'application/json', Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xff, 0x22, 0x7d])],
  ['UTF-16 charset', 'application/json; charset=utf-16', '{}'],
  ['unknown charset', 'application/json; charset=bogus', '{}'],
  ['form body', 'application/x-www-form-urlencoded', 'a=%E0%A4%A&b[c]=d'],
  ['multipart garbage', 'multipart/form-data; boundary=x', '--x\r\nbroken'],
  ['no content type', '', '{}'],
  ['odd content type', 'text/x-%E0;;;=', '{}'],
];

let app: Express;
let services: Services;
/** A listening copy for request targets supertest would refuse or rewrite. */
let server: Server;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'vitrine-fuzz-'));
  const clientDir = join(root, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  mkdirSync(join(clientDir, 'decoders'), { recursive: true });
  writeFileSync(join(clientDir, 'assets', 'index-Abc123.js'), 'export {};\n');
  writeFileSync(join(clientDir, 'decoders', 'draco.js'), 'export {};\n');
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: join(root, 'data'),
      PREVIEW_SECRET: 'preview-secret-fuzz',
      COOKIE_SECRET: 'cookie-secret-fuzz',
      CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      INSIGHTS_ENABLED: 'true',
      INSIGHTS_TOKEN: 'insights-token-fuzz',
    },
    '1.2.3',
  );
  const logger = createLogger(config);
  services = await createServices(config, logger);
  const ssr = { entry: { load: () => import('#client/entry.server.tsx') as Promise<SsrEntry> }, assets: createDevAssets(), buildId: 'fuzz' };
  app = createApp(config, { logger, ...services.appDeps, ssr, clientDir });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await services.close();
});

/** GET with the request target sent byte for byte. */
function rawGet(target: string): Promise<{ status: number; text: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, headers: { connection: 'close' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Outcome {
  what: string;
  status: number;
  body: string;
}

/** Runs every request, then lists the ones that answered 5xx (one assertion, a readable failure). */
async function serverErrors(requests: Array<[string, () => request.Test]>): Promise<Outcome[]> {
  const failures: Outcome[] = [];
  for (const [what, send] of requests) {
    const res = await send();
    if (res.status >= 500) failures.push({ what, status: res.status, body: res.text.slice(0, 300) });
  }
  return failures;
}

const withQuery = (route: string, query: string) => `${route}${route.includes('?') ? '&' : '?'}${query}`;

describe('fuzzing every route', () => {
  it('lists a route for every router the app mounts', () => {
    // Where server/app.ts mounts each router: a router added there must be added here, and fuzzed.
    const mountPaths: Record<string, string> = {
      previewCookie: '/',
      assets: '/content-assets',
      searchApi: '/1/',
      insights: '/_insights',
      spaceGate: '/',
      feeds: '/',
      contentJson: '/api/content',
      preview: '/api/preview',
      webhook: '/api/webhooks/contentful',
    };
    const covered = [...GET_ROUTES, ...POST_ROUTES.map(([route]) => route)];

    expect(Object.keys(services.appDeps.routers ?? {}).sort()).toEqual(Object.keys(mountPaths).sort());
    for (const path of Object.values(mountPaths)) expect(covered.some((route) => route.startsWith(path))).toBe(true);
  });

  it.each(COOKIES.map((cookie) => [short(cookie), cookie]))('never answers 5xx to the cookie %s', async (_label, cookie) => {
    const requests: Array<[string, () => request.Test]> = [
      ...GET_ROUTES.map((route): [string, () => request.Test] => [`GET ${route}`, () => request(app).get(route).set('Cookie', cookie)]),
      ...POST_ROUTES.map(([route, body]): [string, () => request.Test] => [
        `POST ${route}`,
        () => request(app).post(route).set('Cookie', cookie).set('Content-Type', 'application/json').send(body),
      ]),
    ];

    expect(await serverErrors(requests)).toEqual([]);
  });

  it('clears a malformed preview cookie wherever it arrives', async () => {
    for (const route of ['/', '/de/articles/oak-ash-walnut', '/api/content/tags', '/_data/?_routes=root', '/search?q=x']) {
      const res = await request(app).get(route).set('Cookie', 'vitrine_preview=%E0%A4%A');

      expect(res.status, route).toBe(200);
      expect(String(res.headers['set-cookie']), route).toMatch(/^vitrine_preview=; Path=\/; Expires=Thu, 01 Jan 1970/);
    }
  });

  it.each(
    HEADERS.map(
      (headers) =>
        [
          short(
            Object.entries(headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', '),
          ),
          headers,
        ] as const,
    ),
  )('never answers 5xx to an odd %s', async (_name, headers) => {
    const requests: Array<[string, () => request.Test]> = [
      ...GET_ROUTES.map((route): [string, () => request.Test] => [`GET ${route}`, () => request(app).get(route).set(headers)]),
      ...POST_ROUTES.map(([route, body]): [string, () => request.Test] => [`POST ${route}`, () => request(app).post(route).set(headers).send(body)]),
    ];

    expect(await serverErrors(requests)).toEqual([]);
  });

  it.each(QUERIES.map((query) => [short(query), query]))('never answers 5xx to the query %s', async (_label, query) => {
    const requests = GET_ROUTES.map((route): [string, () => request.Test] => [
      `GET ${withQuery(route, query)}`,
      () => request(app).get(withQuery(route, query)),
    ]);

    expect(await serverErrors(requests)).toEqual([]);
  });

  const suffixes = ['/%00', '/%c0%af', '/..%2f..%2f', '/%E0%A4%A', ';x=%', '/%', '/\u00ff', '//', `/${LONG}`];

  it.each(suffixes.map((suffix) => [short(suffix), suffix]))('never answers 5xx to the path suffix %s', async (_label, suffix) => {
    const failures: Outcome[] = [];
    for (const route of GET_ROUTES) {
      const [path = '', query] = route.split('?');
      const target = `${path.replace(/\/$/, '')}${suffix}${query ? `?${query}` : ''}`;
      const res = await rawGet(target);
      if (res.status >= 500) failures.push({ what: `GET ${target}`, status: res.status, body: res.text.slice(0, 300) });
    }

    expect(failures).toEqual([]);
  });

  it.each(BODIES)('answers %s to every POST route with a 4xx that says why', async (_name, type, body) => {
    for (const [route] of POST_ROUTES) {
      const req = request(app).post(route);
      if (type) req.set('Content-Type', type);
      const res = await req.send(body);

      expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      if (res.status >= 400) {
        expect(res.headers['content-type'], route).toMatch(/^application\/json/);
        expect(messageOf(res), route).toMatch(/\w{3,}/);
      }
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('answers gzip bombs, broken gzip and over-long bodies on every POST route with 4xx', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    for (const [route, body] of POST_ROUTES) {
      const broken = await request(app).post(route).set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send(Buffer.from('not gzip'));
      const inflated = await request(app).post(route).set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send(bomb);
      const unknown = await request(app).post(route).set('Content-Type', 'application/json').set('Content-Encoding', 'zz').send(body);
      const long = await request(app)
        .post(route)
        .set('Content-Type', 'application/json')
        .send(`{"q":"${'x'.repeat(200 * 1024)}"}`);

      for (const res of [broken, inflated, unknown, long]) {
        expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it('answers other methods on every route with 4xx', async () => {
    const requests: Array<[string, () => request.Test]> = [
      ...GET_ROUTES.flatMap((route): Array<[string, () => request.Test]> => [
        [`POST ${route}`, () => request(app).post(route).set('Content-Type', 'application/json').send('{"a":')],
        [`DELETE ${route}`, () => request(app).delete(route)],
        [`OPTIONS ${route}`, () => request(app).options(route)],
      ]),
      ...POST_ROUTES.map(([route]): [string, () => request.Test] => [`GET ${route}`, () => request(app).get(route)]),
      ...POST_ROUTES.map(([route]): [string, () => request.Test] => [`PUT ${route}`, () => request(app).put(route).send('{}')]),
    ];

    expect(await serverErrors(requests)).toEqual([]);
  });
});

/** A test-name label for a value that may be 6000 characters long. */
function short(value: string): string {
  return value.length > 60 ? `${value.slice(0, 40)}… (${value.length} characters)` : value;
}

/** The error text of a JSON (`{ error: { message } }` or Algolia's `{ message }`) or HTML answer. */
function messageOf(res: request.Response): string {
  const body = res.body as { error?: { message?: string }; message?: string } | undefined;
  return body?.error?.message ?? body?.message ?? res.text;
}
