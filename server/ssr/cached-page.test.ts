import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { sendCachedPage } from '#server/ssr/cached-page.ts';

import type { CachedPage } from '#server/ssr/page-cache.ts';

describe('sendCachedPage', () => {
  const page: CachedPage = {
    status: 200,
    etag: 'W/"abc"',
    headers: {},
    scriptHashes: [],
    styleHashes: [],
    policy: { frameAncestors: "'none'" },
    identity: Buffer.from('plain'),
    gzip: Buffer.from('gz'),
    br: Buffer.from('br'),
    deps: [],
  };
  const app = express().get('/', (req, res) => sendCachedPage(req, res, page));

  it.each([
    ['*', 304],
    ['W/"abc"', 304],
    ['"abc"', 304],
    ['"x", W/"abc"', 304],
    ['W/"abd"', 200],
  ])('answers If-None-Match %j with %i (weak comparison)', async (header, status) => {
    const res = await request(app).get('/').set('If-None-Match', header).set('Accept-Encoding', 'identity');

    expect(res.status).toBe(status);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', undefined],
  ])('picks the stored variant for Accept-Encoding %j', async (header, encoding) => {
    // HEAD: the headers without a body superagent would try to decompress.
    const res = await request(app).head('/').set('Accept-Encoding', header);

    expect(res.headers['content-encoding']).toBe(encoding);
  });
});
