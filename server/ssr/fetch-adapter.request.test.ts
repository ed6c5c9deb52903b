import { request as httpRequest } from 'node:http';

import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { requestOrigin } from '#server/middleware/allowed-hosts.ts';
import { toFetchRequest } from '#server/ssr/fetch-adapter.ts';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Mirrors remix-run/react-router packages/react-router-express/__tests__/server-test.ts
 * for our adapter: odd URLs, proxy-aware host, headers, and abort only when the
 * client goes away before the response finished. Request targets and headers
 * supertest would normalize, and client disconnects, need a real socket.
 */

type Seen = { url: string; method: string; headers: Headers; signal: AbortSignal };

function createEchoApp(options: { trustProxy?: boolean; publicUrl?: string } = {}) {
  const app = express();
  app.set('trust proxy', options.trustProxy ?? false);
  const seen: Seen[] = [];
  app.all('/{*path}', (req, res) => {
    const fetchRequest = toFetchRequest(req, res, options.publicUrl);
    seen.push({ url: fetchRequest.url, method: fetchRequest.method, headers: fetchRequest.headers, signal: fetchRequest.signal });
    res.send(`URL: ${fetchRequest.url}`);
  });
  return { app, seen };
}

describe('toFetchRequest', () => {
  it('keeps the path and query of a request', async () => {
    const { app, seen } = createEchoApp();

    await request(app).get('/foo/bar?x=1&y=%20z').set('Host', 'localhost:3000');

    expect(seen[0]?.url).toBe('http://localhost:3000/foo/bar?x=1&y=%20z');
  });

  it('handles root // URLs without taking them for a host', async () => {
    const { app, seen } = createEchoApp();

    await request(app).get('//').set('Host', 'localhost:3000');

    expect(new URL(seen[0]?.url ?? '').pathname).toBe('//');
    expect(new URL(seen[0]?.url ?? '').host).toBe('localhost:3000');
  });

  it('handles nested // URLs', async () => {
    const { app, seen } = createEchoApp();

    await request(app).get('//evil.test//bar').set('Host', 'localhost:3000');

    expect(seen[0]?.url).toBe('http://localhost:3000//evil.test//bar');
  });

  it('keeps only the path of an absolute-form request target', async () => {
    const { app, seen } = createEchoApp();
    const server = await listen(app);

    await rawGet(server, 'http://other.test/abs?q=1', { Host: 'localhost:3000' });

    expect(seen[0]?.url).toBe('http://localhost:3000/abs?q=1');
  });

  it('does not use X-Forwarded-Host unless trust proxy is enabled', async () => {
    const { app, seen } = createEchoApp();

    await request(app).get('/foo').set('Host', 'localhost:3000').set('X-Forwarded-Host', 'example.com:8443').set('X-Forwarded-Proto', 'https');

    expect(seen[0]?.url).toBe('http://localhost:3000/foo');
  });

  it('uses X-Forwarded-Host (with its port) and proto when trust proxy is enabled', async () => {
    const { app, seen } = createEchoApp({ trustProxy: true });

    await request(app).get('/foo').set('Host', 'localhost:3000').set('X-Forwarded-Host', 'example.com:8443').set('X-Forwarded-Proto', 'https');

    expect(seen[0]?.url).toBe('https://example.com:8443/foo');
  });

  it.each(['[::1]', '[fd00:1234::1]'])('reads the port after the IPv6 host %s', async (host) => {
    const { app, seen } = createEchoApp();

    await request(app).get('/foo').set('Host', `${host}:3000`);

    expect(seen[0]?.url).toBe(`http://${host}:3000/foo`);
  });

  it.each([':/spoofed', 'localhost/invalid', 'user@evil.test', 'a b'])('never builds a URL from a malformed forwarded host %j', async (forwarded) => {
    const { app, seen } = createEchoApp({ trustProxy: true });

    const res = await request(app).get('/foo/bar').set('Host', 'shop.test:3000').set('X-Forwarded-Host', forwarded);

    // In the app the allowed-hosts middleware answers 400 first; here the adapter alone must stay safe.
    expect(res.status).toBe(200);
    expect(seen[0]?.url).toBe('http://localhost/foo/bar');
  });

  it('takes the target it is given instead of the original URL', async () => {
    const app = express();
    const urls: string[] = [];
    app.get('/{*path}', (req, res) => {
      urls.push(toFetchRequest(req, res, undefined, '//evil.test/canonical?page=2').url);
      res.end();
    });

    await request(app).get('/anything?utm=1').set('Host', 'localhost:3000');

    expect(urls).toEqual(['http://localhost:3000//evil.test/canonical?page=2']);
  });

  it('falls back to localhost when no host is usable', async () => {
    const { app, seen } = createEchoApp();
    const server = await listen(app);

    await rawGet(server, '/foo', { Host: 'bad/host' });

    expect(seen[0]?.url).toBe('http://localhost/foo');
  });

  it('ignores a forwarded protocol other than http or https', async () => {
    const { app, seen } = createEchoApp({ trustProxy: true });

    await request(app).get('/foo').set('Host', 'localhost:3000').set('X-Forwarded-Proto', 'javascript');

    expect(seen[0]?.url).toBe('http://localhost:3000/foo');
  });

  it('uses the configured public origin when one is given', async () => {
    const { app, seen } = createEchoApp({ publicUrl: 'https://vitrine.example' });

    await request(app).get('/foo?x=1').set('Host', 'internal:3000');

    expect(seen[0]?.url).toBe('https://vitrine.example/foo?x=1');
  });

  it('copies the method and headers, keeping multi-value headers', async () => {
    const { app, seen } = createEchoApp();

    await request(app).head('/').set('Cache-Control', 'max-age=300, s-maxage=3600').set('Accept-Language', 'de').set('Cookie', 'a=1; b=2');

    expect(seen[0]?.method).toBe('HEAD');
    expect(seen[0]?.headers.get('cache-control')).toBe('max-age=300, s-maxage=3600');
    expect(seen[0]?.headers.get('accept-language')).toBe('de');
    expect(seen[0]?.headers.get('cookie')).toBe('a=1; b=2');
  });

  it('joins repeated request headers into one comma-separated value', async () => {
    const { app, seen } = createEchoApp();
    const server = await listen(app);

    await rawGet(server, '/', { Host: 'localhost:3000', 'X-Custom': ['bar', 'baz'] });

    expect(seen[0]?.headers.get('x-custom')).toBe('bar, baz');
  });

  it('does not abort the signal after the response finished', async () => {
    const { app, seen } = createEchoApp();

    await request(app).get('/');
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(seen[0]?.signal.aborted).toBe(false);
  });

  it('aborts the signal when the client disconnects before the response finished', async () => {
    const app = express();
    let signal: AbortSignal | undefined;
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const aborted = new Promise<void>((resolve) => {
      app.get('/', (req, res) => {
        signal = toFetchRequest(req, res).signal;
        signal.addEventListener('abort', () => resolve(), { once: true });
        started();
      });
    });
    const server = await listen(app);

    const client = httpRequest({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' });
    client.on('error', () => undefined);
    client.end();
    await handlerStarted;
    client.destroy();
    await aborted;

    expect(signal?.aborted).toBe(true);
  });
});

describe('requestOrigin', () => {
  it('prefers PUBLIC_URL and otherwise derives a safe origin from the request', async () => {
    const app = express();
    const origins: string[] = [];
    app.get('/', (req, res) => {
      origins.push(requestOrigin(req, undefined), requestOrigin(req, 'https://vitrine.example'));
      res.end();
    });

    await request(app).get('/').set('Host', 'shop.test:8080');

    expect(origins).toEqual(['http://shop.test:8080', 'https://vitrine.example']);
  });

  it('spells each host one way: lower case, no trailing dot, no default port', async () => {
    const app = express();
    const origins: string[] = [];
    app.get('/', (req, res) => {
      origins.push(requestOrigin(req, undefined));
      res.end();
    });

    for (const host of ['Shop.TEST:8080', 'shop.test.:8080', 'shop.test:80', '[0:0:0:0:0:0:0:1]:3000']) await request(app).get('/').set('Host', host);

    expect(origins).toEqual(['http://shop.test:8080', 'http://shop.test:8080', 'http://shop.test', 'http://[::1]:3000']);
  });
});

let servers: Server[] = [];
afterEach(() => {
  for (const server of servers) server.close();
  servers = [];
});

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
    servers.push(server);
  });
}

/** A raw request, for targets and headers supertest normalizes away. */
function rawGet(server: Server, path: string, headers: Record<string, string | string[]>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, headers, setHost: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
