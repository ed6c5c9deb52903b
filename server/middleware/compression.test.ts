import { request as httpGet, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';

import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compressResponses } from './compression.ts';

import type { AddressInfo, Server } from 'node:net';

const BODY = '<p>compress me</p>'.repeat(200);

describe('compressResponses', () => {
  let server: Server;
  let wrapped: boolean[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get('/', (_req, res) => {
      wrapped.push(res.write !== ServerResponse.prototype.write);
      res.type('html').send(BODY);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // node:http, not supertest: superagent always sends Accept-Encoding.
  const get = (headers: Record<string, string>) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      httpGet({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });

  it('compresses for a client that accepts gzip', async () => {
    wrapped = [];
    const res = await get({ 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(res.body).toString()).toBe(BODY);
    expect(wrapped).toEqual([true]);
  });

  it('leaves the response unwrapped without Accept-Encoding, and still says it varies by it', async () => {
    wrapped = [];
    const res = await get({});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.toString()).toBe(BODY);
    expect(wrapped).toEqual([false]);
  });
});
