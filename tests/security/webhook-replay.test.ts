import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createContentTestApp, WEBHOOK_SECRET } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';

/**
 * Webhook replay (ADR 011), on the real app over the embedded demo space: a signed
 * Contentful request is accepted once, and a stamp from the future is not
 * accepted at all. Requests are signed with Contentful's own toolkit.
 */
const PATH = '/api/webhooks/contentful';
const ARTICLE = { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } };
const BODY = JSON.stringify({ sys: { type: 'Entry', id: 'article-oak-ash-walnut', contentType: ARTICLE } });

function signed(timestamp: number, body = BODY): Record<string, string> {
  const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' };
  return { ...headers, ...signRequest(WEBHOOK_SECRET, { method: 'POST', path: PATH, headers, body }, timestamp) };
}

const deliver = (t: ContentTestApp, headers: Record<string, string>, body = BODY) => request(t.app).post(PATH).set(headers).send(body);

let t: ContentTestApp;

beforeEach(async () => {
  t = await createContentTestApp({ CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Contentful webhook replays', () => {
  it('accepts a signed request once and answers 200 replays with 409', async () => {
    const headers = signed(Date.now());
    const evicting = vi.spyOn(t.services.content, 'invalidate');

    const first = await deliver(t, headers);
    const replays = [];
    for (let i = 0; i < 200; i += 1) replays.push(await deliver(t, headers));

    expect(first.status, first.text).toBe(200);
    expect(replays.filter((r) => r.status !== 409).map((r) => `${r.status} ${r.text.slice(0, 200)}`)).toEqual([]);
    expect(replays[0]?.body.error.message).toBe('Webhook request was already delivered (replayed signature)');
    expect(evicting).toHaveBeenCalledTimes(1);
  });

  it('accepts the same change signed again at another time', async () => {
    const first = await deliver(t, signed(Date.now() - 1));
    const second = await deliver(t, signed(Date.now()));

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
  });

  it('refuses a replay with a new timestamp header as a bad signature', async () => {
    const headers = signed(Date.now() - 2_000);
    await deliver(t, headers);

    const res = await deliver(t, { ...headers, 'x-contentful-timestamp': String(Date.now()) });

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Webhook signature does not match');
  });

  it('refuses a replay with the signature in upper case', async () => {
    const headers = signed(Date.now());
    await deliver(t, headers);

    const res = await deliver(t, { ...headers, 'x-contentful-signature': headers['x-contentful-signature']?.toUpperCase() ?? '' });

    expect(res.status).toBe(401);
  });

  it('refuses a replay after the window as expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const headers = signed(Date.now());
    await deliver(t, headers);
    vi.setSystemTime(Date.now() + 30_000);

    const res = await deliver(t, headers);

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Webhook request expired');
  });
});

describe('Contentful webhook timestamps', () => {
  it.each([
    ['a day ahead', 86_400_000],
    ['a minute ahead', 60_000],
    ['6 s ahead', 6_000],
  ])('refuses a correctly signed stamp %s with 401', async (_what, aheadMs) => {
    const res = await deliver(t, signed(Date.now() + aheadMs));

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Webhook timestamp is in the future');
  });

  it('accepts a stamp 3 s ahead (clock drift)', async () => {
    const res = await deliver(t, signed(Date.now() + 3_000));

    expect(res.status).toBe(200);
  });

  it('refuses a stamp 31 s old with 401', async () => {
    const res = await deliver(t, signed(Date.now() - 31_000));

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Webhook request expired');
  });

  it.each([
    ['seconds instead of milliseconds', (now: number) => String(Math.floor(now / 1000))],
    ['trailing text', (now: number) => `${now}x`],
  ])('refuses a stamp in %s with 401', async (_what, stamp) => {
    const now = Date.now();

    const res = await deliver(t, { ...signed(now), 'x-contentful-timestamp': stamp(now) });

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Webhook timestamp is not a Unix time in milliseconds');
  });
});
