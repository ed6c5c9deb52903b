import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createTestApp, waitForRequestLog } from '../fakes/test-app.ts';
import { createClientDir } from './support/fake-entry.tsx';

const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

describe('ops endpoints', () => {
  it('answers /healthz with 200', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/healthz');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz with each dependency and its mode once ready', async () => {
    const readiness = () => ({ content: { mode: 'embedded', ready: true }, search: { mode: 'embedded', ready: true } });
    const { app } = createTestApp({}, { readiness });

    const res = await request(app).get('/readyz');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', dependencies: readiness() });
  });

  it('answers /readyz with 503 and the reason until then, and while shutting down', async () => {
    const notReady = createTestApp({}, { readiness: () => ({ content: { mode: 'contentful', ready: false, detail: 'first sync' } }) }).app;
    const stopping = createTestApp({}, { isShuttingDown: () => true }).app;

    const a = await request(notReady).get('/readyz');
    const b = await request(stopping).get('/readyz');

    expect(a.status).toBe(503);
    expect(a.body.reason).toBe('waiting for content');
    expect(b.status).toBe(503);
    expect(b.body.reason).toBe('shutting down');
  });
});

describe('request logs', () => {
  it('writes one line per page request with method, url, status, duration, bytes and the request id it echoes', async () => {
    const { app, logs } = createTestApp({}, {}, { captureLogs: true });

    const res = await request(app).get('/?utm=1');
    const id = res.headers['x-request-id'] as string;
    const line = await waitForRequestLog(logs, id);

    expect(logs.filter((l) => l.reqId === id && l.msg === 'request completed')).toHaveLength(1);
    expect(line).toMatchObject({ level: LEVEL.info, reqId: id, req: { method: 'GET', url: '/?utm=1' }, res: { statusCode: 200 } });
    expect(line.bytes).toBeGreaterThan(500);
    expect(typeof line.durationMs).toBe('number');
  });

  it('takes the request id from X-Request-Id only when TRUST_PROXY is set', async () => {
    const direct = createTestApp({}, {}, { captureLogs: true });
    const proxied = createTestApp({ TRUST_PROXY: 'loopback' }, {}, { captureLogs: true });

    const a = await request(direct.app).get('/healthz').set('X-Request-Id', 'edge-abc');
    const b = await request(proxied.app).get('/healthz').set('X-Request-Id', 'edge-abc');

    expect(a.headers['x-request-id']).not.toBe('edge-abc');
    expect(b.headers['x-request-id']).toBe('edge-abc');
    expect((await waitForRequestLog(proxied.logs, 'edge-abc')).reqId).toBe('edge-abc');
  });

  it('logs health checks and hashed assets at debug, rejections at warn', async () => {
    const { app, logs } = createTestApp({}, createClientDir(), { captureLogs: true });

    const health = await request(app).get('/healthz');
    const asset = await request(app).get('/assets/index-Abc123.js');
    const bad = await request(app).get('/%E0%A4%A');

    expect((await waitForRequestLog(logs, health.headers['x-request-id'] as string)).level).toBe(LEVEL.debug);
    expect((await waitForRequestLog(logs, asset.headers['x-request-id'] as string)).level).toBe(LEVEL.debug);
    expect((await waitForRequestLog(logs, bad.headers['x-request-id'] as string)).level).toBe(LEVEL.warn);
  });

  it('redacts authorization, cookies and token query values', async () => {
    const { app, logs } = createTestApp({}, {}, { captureLogs: true });

    const res = await request(app)
      .get('/?token=tok-secret&preview_token=pv-secret')
      .set('Authorization', 'Bearer auth-secret')
      .set('Cookie', 'session=cookie-secret');
    await waitForRequestLog(logs, res.headers['x-request-id'] as string);

    const all = JSON.stringify(logs);
    for (const secret of ['tok-secret', 'pv-secret', 'auth-secret', 'cookie-secret']) expect(all).not.toContain(secret);
  });
});
