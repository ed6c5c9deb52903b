import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createOpsRouter } from '#server/api/ops.ts';

import type { DependencyStatus } from '#server/api/ops.ts';

function createOpsApp(dependencies: Record<string, DependencyStatus>, shuttingDown = false) {
  const app = express();
  app.use(
    createOpsRouter(
      () => dependencies,
      () => shuttingDown,
    ),
  );
  return app;
}

describe('ops router', () => {
  it('answers /healthz with 200 and no caching', async () => {
    const res = await request(createOpsApp({})).get('/healthz');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz with 200 naming each dependency and its mode once ready', async () => {
    const dependencies = { content: { mode: 'embedded', ready: true }, search: { mode: 'algolia', ready: true } };

    const res = await request(createOpsApp(dependencies)).get('/readyz');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', dependencies });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz with 503 and the reason while a dependency is not ready', async () => {
    const res = await request(
      createOpsApp({ content: { mode: 'contentful', ready: true }, search: { mode: 'embedded', ready: false, detail: 'indexing' } }),
    ).get('/readyz');

    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'not-ready',
      reason: 'waiting for search',
      dependencies: { search: { mode: 'embedded', ready: false, detail: 'indexing' } },
    });
  });

  it('answers /readyz with 503 while shutting down', async () => {
    const res = await request(createOpsApp({ content: { mode: 'embedded', ready: true } }, true)).get('/readyz');

    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'not-ready', reason: 'shutting down' });
  });
});
