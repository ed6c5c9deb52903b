import { get } from 'node:http';
import { Readable } from 'node:stream';

import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { sendFetchResponse } from '#server/ssr/fetch-adapter.ts';

import type { AddressInfo } from 'node:net';

function appSending(create: () => Response) {
  const app = express();
  app.get('/', (_req, res) => sendFetchResponse(res, create()));
  return app;
}

describe('sendFetchResponse', () => {
  it('sends a redirect as is: status and Location', async () => {
    const res = await request(appSending(() => new Response(null, { status: 302, headers: { Location: '/de/models' } }))).get('/');

    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/de/models');
  });

  const offSite = ['//evil.example', 'https://evil.example/', '/..//evil.example', '/%5cevil.example'];

  it.each(offSite)('sends a loader redirect to %s home instead', async (location) => {
    const res = await request(appSending(() => new Response(null, { status: 302, headers: { Location: location } }))).get('/');

    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('handles a null body', async () => {
    const res = await request(appSending(() => new Response(null, { status: 204 }))).get('/');

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('streams a body', async () => {
    const res = await request(appSending(() => new Response(Readable.toWeb(Readable.from(['hello ', 'world'])) as ReadableStream, { status: 200 }))).get('/');

    expect(res.status).toBe(200);
    expect(res.text).toBe('hello world');
  });

  it('keeps every Set-Cookie header instead of the last one', async () => {
    const headers = new Headers({ 'X-Time-Of-Year': 'most wonderful' });
    headers.append('Set-Cookie', 'first=one; Path=/; HttpOnly; Secure; SameSite=Lax');
    headers.append('Set-Cookie', 'second=two; Path=/; HttpOnly; Secure; SameSite=Lax');

    const res = await request(appSending(() => new Response(null, { headers }))).get('/');

    expect(res.headers['x-time-of-year']).toBe('most wonderful');
    expect(res.headers['set-cookie']).toEqual(['first=one; Path=/; HttpOnly; Secure; SameSite=Lax', 'second=two; Path=/; HttpOnly; Secure; SameSite=Lax']);
  });

  it('stops reading the body once the client goes away', async () => {
    let cancelled!: () => void;
    const wasCancelled = new Promise<void>((resolve) => (cancelled = resolve));
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        controller.enqueue(chunk);
        return new Promise((resolve) => setTimeout(resolve, 5));
      },
      cancel: () => cancelled(),
    });
    // A real socket: the client has to be able to hang up mid-body.
    const server = appSending(() => new Response(endless)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));

    const client = get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, (res) => res.once('data', () => client.destroy()));
    client.on('error', () => undefined);
    await wasCancelled;

    server.close();
  });
});
