import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { noStoreErrors } from '#server/middleware/errors.ts';

function createAppAnswering(status: number) {
  const app = express();
  app.use(noStoreErrors());
  // A router that marks its answers cacheable before it knows how they end.
  app.get('/', (_req, res) => void res.status(status).set('Cache-Control', 'public, max-age=600').send('answer'));
  return app;
}

describe('noStoreErrors', () => {
  it.each([400, 404, 421, 429, 500, 503])('marks a %i answer no-store, whatever the handler set', async (status) => {
    const res = await request(createAppAnswering(status)).get('/');

    expect(res.status).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([200, 301, 304])('leaves a %i answer alone', async (status) => {
    const res = await request(createAppAnswering(status)).get('/');

    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });
});
