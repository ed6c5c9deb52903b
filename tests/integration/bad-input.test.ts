import { request as httpRequest } from 'node:http';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../fakes/test-app.ts';
import { createClientDir } from './support/fake-entry.tsx';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Every rejection is small, carries the request id, and is never a 500. */
function expectPoliteRejection(res: request.Response, status: number) {
  expect(res.status).toBe(status);
  const id = res.headers['x-request-id'] as string;
  expect(id).toBeTruthy();
  expect(res.text).toContain(id);
  expect(res.text.length).toBeLessThan(2048);
  expect(res.text).not.toContain('__staticRouterHydrationData');
}

describe('bad input', () => {
  const { app } = createTestApp({ MAX_BODY_BYTES: '2048' }, createClientDir());

  it.each(['/%E0%A4%A', '/%', '/models/%ZZ', '/_data/%E0', '/?q=%E0%A4%A'])('answers malformed percent-encoding %s with 400', async (url) => {
    expectPoliteRejection(await request(app).get(url).set('Accept', 'text/html'), 400);
  });

  it('answers a URL over 8 KB with 414', async () => {
    expectPoliteRejection(
      await request(app)
        .get(`/models?q=${'x'.repeat(8200)}`)
        .set('Accept', 'text/html'),
      414,
    );
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('answers %s on a page with 405 and Allow', async (method) => {
    const res = await request(app)[method]('/models').set('Accept', 'text/html');

    expectPoliteRejection(res, 405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('answers unsupported methods on route data and assets with 405 too', async () => {
    expectPoliteRejection(await request(app).post('/_data/').set('Accept', 'application/json'), 405);
    expectPoliteRejection(await request(app).delete('/assets/index-Abc123.js').set('Accept', 'text/html'), 405);
  });

  it('answers a body over the limit with 413 before the route sees it', async () => {
    const res = await request(app).post('/models').set('Content-Type', 'text/plain').set('Accept', 'text/html').send('x'.repeat(4096));

    expectPoliteRejection(res, 413);
  });

  it('answers JSON to clients that ask for JSON', async () => {
    const res = await request(app).get('/%E0%A4%A').set('Accept', 'application/json');

    expect(res.body).toEqual({ error: { status: 400, message: 'URL has malformed percent-encoding', requestId: res.headers['x-request-id'] } });
  });

  it.each([
    '/..%2f..%2fpackage.json',
    '/..%2F..%2Fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/.%2e/.%2e/secret.txt',
    '/favicon.svg%00.js',
    '/assets/%252e%252e%252fsecret.txt',
  ])('never escapes the served folders: %s', async (url) => {
    const res = await request(app).get(url).set('Accept', 'text/html');

    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toContain('outside the client folder');
    expect(res.text).not.toContain('"dependencies"');
  });
});

describe('raw request targets', () => {
  // Targets an HTTP client library would normalize (../, absolute form, backslashes) need a raw socket.
  let server: Server;
  beforeAll(async () => {
    const { app } = createTestApp({}, createClientDir());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(() => {
    server.close();
  });

  function rawGet(path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, headers: { Accept: 'text/html' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it.each(['/../secret.txt', '/assets/../../secret.txt', '/..\\..\\secret.txt', '/assets/..\\..\\secret.txt', 'http://evil.test/../secret.txt'])(
    'keeps %s inside the served folders',
    async (path) => {
      const res = await rawGet(path);

      expect(res.status).not.toBe(500);
      expect(res.body).not.toContain('outside the client folder');
    },
  );
});
