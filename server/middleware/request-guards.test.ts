import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { errorHandler } from '#server/middleware/errors.ts';
import { MAX_URL_BYTES, pageMethods, requestGuards } from '#server/middleware/request-guards.ts';

function createGuardedApp() {
  const app = express();
  app.use(requestGuards({ maxBodyBytes: 1024 }));
  app.use(pageMethods());
  app.get('/{*path}', (_req, res) => res.send('ok'));
  app.use(errorHandler({ isDev: false }));
  return app;
}

describe('requestGuards', () => {
  it('lets ordinary requests through', async () => {
    const res = await request(createGuardedApp()).get('/models/chair?q=a%20b&tag=x+y');

    expect(res.status).toBe(200);
  });

  it.each(['/%E0%A4%A', '/%', '/ok?q=%ZZ'])('answers malformed percent-encoding %s with 400', async (url) => {
    const res = await request(createGuardedApp()).get(url);

    expect(res.status).toBe(400);
  });

  it('answers a URL over 8 KB with 414', async () => {
    const res = await request(createGuardedApp()).get(`/${'a'.repeat(MAX_URL_BYTES)}`);

    expect(res.status).toBe(414);
  });

  it('accepts a URL of exactly 8 KB', async () => {
    const res = await request(createGuardedApp()).get(`/${'a'.repeat(MAX_URL_BYTES - 1)}`);

    expect(res.status).toBe(200);
  });

  it.each(['/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2F..%2Fpackage.json', '/a/%2e%2e%5c%2e%2e%5cwin.ini', '/a%00.js', '/..%5c'])(
    'answers the escape attempt %s with 400',
    async (url) => {
      const res = await request(createGuardedApp()).get(url);

      expect(res.status).toBe(400);
    },
  );

  it('answers a declared body over the limit with 413 before reading it', async () => {
    const res = await request(createGuardedApp())
      .post('/')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ big: 'x'.repeat(2048) }));

    expect(res.status).toBe(413);
  });
});

describe('pageMethods', () => {
  it.each(['post', 'put', 'delete', 'patch', 'options'] as const)('answers %s with 405 and Allow', async (method) => {
    const res = await request(createGuardedApp())[method]('/');

    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('lets HEAD through', async () => {
    const res = await request(createGuardedApp()).head('/');

    expect(res.status).toBe(200);
  });
});
