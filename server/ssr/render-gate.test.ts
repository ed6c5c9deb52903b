import { request as httpRequest } from 'node:http';

import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createLogger } from '#server/logger.ts';
import { createPageCache } from '#server/ssr/page-cache.ts';
import { createRenderGate, RenderBusyError } from '#server/ssr/render-gate.ts';
import { createTestApp } from '../../tests/fakes/test-app.ts';

import type { AddressInfo } from 'node:net';

const HOST = 'vitrine.test';
const settled = () => new Promise((resolve) => setImmediate(resolve));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

afterEach(() => void vi.useRealTimers());

describe('render gate', () => {
  it('runs at most `concurrency` at once and starts the next when one is released', async () => {
    const gate = createRenderGate({ concurrency: 2, maxWaiting: 10, maxWaitMs: 60_000 });
    const release = [await gate.acquire(), await gate.acquire()];
    let third: (() => void) | undefined;
    void gate.acquire().then((r) => (third = r));
    await settled();

    expect([gate.active, gate.waiting, third]).toEqual([2, 1, undefined]);
    release[0]!();
    await settled();
    expect([gate.active, gate.waiting, typeof third]).toEqual([2, 0, 'function']);
  });

  it('serves waiters first in, first out, and a second release of one slot frees nothing more', async () => {
    const gate = createRenderGate({ concurrency: 1, maxWaiting: 10, maxWaitMs: 60_000 });
    const first = await gate.acquire();
    const order: string[] = [];
    const waiters = ['a', 'b', 'c'].map((name) => gate.acquire().then((release) => (order.push(name), release)));
    first();
    first();
    await settled();
    expect(order).toEqual(['a']);
    (await waiters[0]!)();
    await settled();
    (await waiters[1]!)();
    await settled();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(gate.active).toBe(1);
  });

  it('refuses at once when the queue is full', async () => {
    const gate = createRenderGate({ concurrency: 1, maxWaiting: 1, maxWaitMs: 60_000 });
    await gate.acquire();
    void gate.acquire().catch(() => {});

    const refused = await gate.acquire().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RenderBusyError);
    expect(refused).toMatchObject({ reason: 'queue-full', message: 'too many pages are being rendered' });
  });

  it('gives up on a waiter at its deadline and never hands it a slot afterwards', async () => {
    vi.useFakeTimers();
    const gate = createRenderGate({ concurrency: 1, maxWaiting: 5, maxWaitMs: 2000 });
    const holder = await gate.acquire();
    const waiting = gate.acquire().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2000);

    expect(await waiting).toMatchObject({ reason: 'timeout' });
    expect(gate.waiting).toBe(0);
    holder();
    expect(gate.active).toBe(0);
    expect(gate.retryAfterS).toBe(2);
  });

  it('drops a waiter whose signal aborts', async () => {
    const gate = createRenderGate({ concurrency: 1, maxWaiting: 5, maxWaitMs: 60_000 });
    const holder = await gate.acquire();
    const left = new AbortController();
    const waiting = gate.acquire(left.signal).catch((error: unknown) => error);
    left.abort(new Error('gone'));

    expect(await waiting).toMatchObject({ message: 'gone' });
    holder();
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });
});

describe('render gate in the app', () => {
  const appWith = (maxWaiting: number) => {
    const renderGate = createRenderGate({ concurrency: 1, maxWaiting, maxWaitMs: 1000 });
    const pageCache = createPageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, logger: createLogger({ logLevel: 'silent' } as never) });
    return { renderGate, ...createTestApp({}, { renderGate, pageCache }) };
  };

  it('answers 503 with Retry-After and a message saying why when no slot is free, for pages and route data', async () => {
    const { app, renderGate } = appWith(0);
    const release = await renderGate.acquire();

    const page = await request(app).get('/').set('Host', HOST);
    const data = await request(app).get('/_data/?_routes=en,home').set('Host', HOST);

    for (const res of [page, data]) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('The server is busy rendering other pages (too many pages are being rendered). Please retry in 1 s.');
    }
    expect(data.body).toMatchObject({ error: { status: 503 } });
    release();
    expect((await request(app).get('/').set('Host', HOST)).status).toBe(200);
    expect(renderGate.active).toBe(0);
  });

  it('answers a page-cache hit while every slot is taken', async () => {
    const { app, renderGate } = appWith(0);
    expect((await request(app).get('/').set('Host', HOST)).status).toBe(200);
    await until(() => renderGate.active === 0);
    await renderGate.acquire();

    expect((await request(app).get('/').set('Host', HOST)).status).toBe(200);
    expect((await request(app).get('/de/').set('Host', HOST)).status).toBe(503);
  });

  it('takes a request whose client left out of the queue without rendering it', async () => {
    const { app, renderGate } = appWith(5);
    const server = app.listen(0);
    try {
      const release = await renderGate.acquire();
      const { port } = server.address() as AddressInfo;
      const client = httpRequest({ port, path: '/', headers: { host: HOST } });
      client.on('error', () => {});
      client.end();
      await until(() => renderGate.waiting === 1);
      client.destroy();
      await until(() => renderGate.waiting === 0);
      release();

      expect(renderGate.active).toBe(0);
    } finally {
      server.close();
    }
  });
});
