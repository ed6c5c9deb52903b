import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { allowedHosts, isAllowedHost, parseHost } from '#server/middleware/allowed-hosts.ts';

describe('parseHost', () => {
  it.each([
    ['Example.COM', 'example.com', 'example.com'],
    ['example.com.:8080', 'example.com', 'example.com:8080'],
    ['127.0.0.1:80', '127.0.0.1', '127.0.0.1'],
    ['[0:0:0:0:0:0:0:1]:3000', '[::1]', '[::1]:3000'],
    ['0x7f.1', '127.0.0.1', '127.0.0.1'],
  ])('normalises %s', (value, hostname, host) => {
    expect(parseHost(value)).toEqual({ hostname, host });
  });

  it.each([undefined, '', 'a b', 'user@evil.test', 'evil.test/path', 'evil.test:99999', '[::1', 'example.com:', '%65vil.test'])('rejects %j', (value) => {
    expect(parseHost(value)).toBeUndefined();
  });
});

describe('isAllowedHost', () => {
  const list = ['localhost', '.localhost', '127.0.0.1', '::1', '.example.com'];

  it.each(['localhost', 'app.localhost', '127.0.0.1', '[::1]', 'example.com', 'www.example.com'])('allows %s', (hostname) => {
    expect(isAllowedHost(hostname, list)).toBe(true);
  });

  it.each(['evil.test', 'localhost.evil.test', 'notexample.com', 'example.com.evil.test', '[::2]', '127.0.0.2'])('refuses %s', (hostname) => {
    expect(isAllowedHost(hostname, list)).toBe(false);
  });
});

describe('allowedHosts', () => {
  function createHostApp(hosts: string[], trustProxy: boolean | number = false) {
    const app = express();
    app.set('trust proxy', trustProxy);
    app.use(allowedHosts({ allowedHosts: hosts }, { exemptPaths: ['/healthz'] }));
    app.get('/{*path}', (_req, res) => void res.send('page'));
    return app;
  }

  it('passes an allowed host, whatever its port or case', async () => {
    const res = await request(createHostApp(['shop.test']))
      .get('/')
      .set('Host', 'SHOP.test:8443');

    expect(res.status).toBe(200);
    expect(res.text).toBe('page');
  });

  it('answers another host with 421, no-store and a plain-text fix', async () => {
    const res = await request(createHostApp(['shop.test']))
      .get('/')
      .set('Host', 'evil.example');

    expect(res.status).toBe(421);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('evil.example');
    expect(res.text).toContain('ALLOWED_HOSTS');
    expect(res.text).not.toContain('page');
  });

  it('answers a malformed host with 400', async () => {
    const res = await request(createHostApp(['shop.test']))
      .get('/')
      .set('Host', 'shop.test/x');

    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('checks X-Forwarded-Host only when the hop is trusted', async () => {
    const untrusted = await request(createHostApp(['shop.test']))
      .get('/')
      .set('Host', 'shop.test')
      .set('X-Forwarded-Host', 'evil.example');
    const trusted = await request(createHostApp(['shop.test'], 1))
      .get('/')
      .set('Host', 'shop.test')
      .set('X-Forwarded-Host', 'evil.example');

    expect(untrusted.status).toBe(200);
    expect(trusted.status).toBe(421);
  });

  it('lets health checks through for any host (probes come by pod IP)', async () => {
    const res = await request(createHostApp(['shop.test']))
      .get('/healthz')
      .set('Host', '10.1.2.3:3000');

    expect(res.status).toBe(200);
  });
});
