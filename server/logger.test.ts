import { createServer } from 'node:http';

import { createClient } from 'contentful';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createHttpLogger, createLogger, isQuietPath, redactUrl } from '#server/logger.ts';

import { createLogCapture, waitForRequestLog } from '../tests/fakes/test-app.ts';
import type { LogLine } from '../tests/fakes/test-app.ts';
import type { AddressInfo } from 'node:net';

const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A bare app with only the request logger, so each test controls the route. */
function createLoggedApp(trustProxy: boolean | string = false) {
  const logs: LogLine[] = [];
  const logger = createLogger({ logLevel: 'debug', isDev: false, version: '1.2.3' }, createLogCapture(logs));
  const app = express();
  app.use(createHttpLogger(logger, trustProxy));
  return { app, logs, logger };
}

describe('redactUrl', () => {
  it.each([
    ['/api/preview?secret=abc&slug=x', '/api/preview?secret=[Redacted]&slug=x'],
    ['/x?access_token=abc', '/x?access_token=[Redacted]'],
    ['/x?a=1&preview_token=abc#frag', '/x?a=1&preview_token=[Redacted]#frag'],
    ['/1/indexes?x-algolia-api-key=abc&x-algolia-application-id=A', '/1/indexes?x-algolia-api-key=[Redacted]&x-algolia-application-id=A'],
    ['/hook?signature=abc', '/hook?signature=[Redacted]'],
    ['/x?apiKey=abc', '/x?apiKey=[Redacted]'],
    ['/models?category=chairs', '/models?category=chairs'],
    ['/x&token=abc', '/x&token=[Redacted]'],
    ['/en/articles/token-secret-key', '/en/articles/token-secret-key'],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('isQuietPath', () => {
  it('is true for health checks and hashed assets only', () => {
    expect(isQuietPath('/healthz')).toBe(true);
    expect(isQuietPath('/readyz')).toBe(true);
    expect(isQuietPath('/assets/index-abc123.js')).toBe(true);
    expect(isQuietPath('/')).toBe(false);
    expect(isQuietPath('/models')).toBe(false);
  });
});

describe('createHttpLogger', () => {
  it('logs one JSON line per request with method, url, status, duration, bytes, request id and cache status', async () => {
    const { app, logs } = createLoggedApp();
    app.get('/page', (_req, res) => {
      res.locals.cacheStatus = 'HIT';
      res.send('hello');
    });

    const res = await request(app).get('/page?x=1');
    const line = await waitForRequestLog(logs, res.headers['x-request-id'] as string);

    expect(logs.filter((l) => l.msg === 'request completed')).toHaveLength(1);
    expect(line).toMatchObject({
      level: LEVEL.info,
      reqId: res.headers['x-request-id'],
      req: { method: 'GET', url: '/page?x=1' },
      res: { statusCode: 200 },
      cache: 'HIT',
    });
    expect(line['bytes']).toBeGreaterThan('hello'.length);
    expect(typeof line.durationMs).toBe('number');
  });

  it('writes the request line with the base fields and only its own, whatever the request carried', async () => {
    const { app, logs } = createLoggedApp();
    app.get('/boom', (_req, res) => res.status(503).send('no'));

    const res = await request(app).get('/boom?key=k-secret').set('Authorization', 'Bearer b-secret').set('User-Agent', 'probe/1');
    const line = await waitForRequestLog(logs, res.headers['x-request-id'] as string);

    expect(Object.keys(line).sort()).toEqual(['bytes', 'durationMs', 'err', 'level', 'msg', 'req', 'reqId', 'res', 'service', 'time', 'version']);
    expect(line).toMatchObject({ service: 'vitrine', version: '1.2.3', msg: 'request failed', err: { message: 'failed with status code 503' } });
    expect(line.req).toEqual({ id: line.reqId, method: 'GET', url: '/boom?key=[Redacted]', userAgent: 'probe/1' });
  });

  it('generates a UUID request id and echoes it in the response', async () => {
    const { app } = createLoggedApp();
    app.get('/', (_req, res) => res.send('ok'));

    const res = await request(app).get('/').set('X-Request-Id', 'from-the-client');

    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('trusts an incoming X-Request-Id only behind a configured proxy', async () => {
    const { app, logs } = createLoggedApp('loopback');
    app.get('/', (_req, res) => res.send('ok'));

    const res = await request(app).get('/').set('X-Request-Id', 'edge-1234');

    expect(res.headers['x-request-id']).toBe('edge-1234');
    expect((await waitForRequestLog(logs, 'edge-1234')).reqId).toBe('edge-1234');
  });

  it('replaces a malformed incoming id even behind a proxy', async () => {
    const { app } = createLoggedApp(true);
    app.get('/', (_req, res) => res.send('ok'));

    const res = await request(app).get('/').set('X-Request-Id', 'bad id with spaces <script>');

    expect(res.headers['x-request-id']).not.toContain(' ');
  });

  it('logs errors with their stack and the request id', async () => {
    const { app, logs } = createLoggedApp();
    app.get('/boom', (req, res) => {
      req.log.error({ err: new Error('kaput') }, 'render error');
      res.status(500).send('no');
    });

    const res = await request(app).get('/boom');
    const id = res.headers['x-request-id'] as string;
    const completion = await waitForRequestLog(logs, id);
    const errorLine = logs.find((l) => l.msg === 'render error');

    expect(errorLine).toMatchObject({ level: LEVEL.error, reqId: id, err: { message: 'kaput' } });
    expect((errorLine?.err as { stack: string }).stack).toContain('logger.test.ts');
    expect(completion.level).toBe(LEVEL.error);
  });

  it('logs 4xx at warn and health checks and hashed assets at debug', async () => {
    const { app, logs } = createLoggedApp();
    app.get('/healthz', (_req, res) => res.send('ok'));
    app.use('/assets', (_req, res) => res.send('js'));
    app.get('/missing', (_req, res) => res.status(404).send('no'));

    const health = await request(app).get('/healthz');
    const asset = await request(app).get('/assets/index-abc.js');
    const missing = await request(app).get('/missing');

    expect((await waitForRequestLog(logs, health.headers['x-request-id'] as string)).level).toBe(LEVEL.debug);
    expect((await waitForRequestLog(logs, asset.headers['x-request-id'] as string)).level).toBe(LEVEL.debug);
    expect((await waitForRequestLog(logs, missing.headers['x-request-id'] as string)).level).toBe(LEVEL.warn);
  });

  it('never writes authorization, cookies or token query values to the log', async () => {
    const { app, logs } = createLoggedApp();
    app.get('/api/preview', (req, res) => {
      req.log.info({ req: { headers: req.headers } }, 'handler saw headers');
      res.setHeader('Set-Cookie', 'session=set-cookie-secret');
      res.send('ok');
    });

    const res = await request(app)
      .get('/api/preview?secret=query-secret&token=query-token')
      .set('Authorization', 'Bearer bearer-secret')
      .set('Cookie', 'session=cookie-secret');
    await waitForRequestLog(logs, res.headers['x-request-id'] as string);

    const all = JSON.stringify(logs);
    for (const secret of ['bearer-secret', 'cookie-secret', 'set-cookie-secret', 'query-secret', 'query-token']) expect(all).not.toContain(secret);
    expect(all).toContain('[Redacted]');
  });
});

describe('error serializer', () => {
  it("logs the contentful SDK's errors without the token's tail it puts in their message", async () => {
    const upstream = createServer((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ sys: { type: 'Error', id: 'NotFound' }, message: 'gone' }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    const logs: LogLine[] = [];
    const logger = createLogger({ logLevel: 'debug', isDev: false, version: '1' }, createLogCapture(logs));
    const client = createClient({ space: 's', accessToken: 'token-ending-in-TAIL9', host: `127.0.0.1:${port}`, insecure: true, retryOnError: false });

    const error = await client.getEntries().catch((e: unknown) => e);
    logger.error({ err: error }, 'content query failed');
    upstream.close();

    expect(String((error as Error).message)).toContain('TAIL9'); // what the SDK does: the reason for the serializer
    expect(JSON.stringify(logs)).not.toContain('TAIL9');
    expect(logs[0]!.err).toMatchObject({ type: expect.any(String), stack: expect.any(String) });
  });
});
