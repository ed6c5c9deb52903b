import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';
import { startFakeContentful } from '../fakes/contentful.ts';

import type { FakeContentful } from '../fakes/contentful.ts';

describe('replica smoke', () => {
  let fake: FakeContentful;
  beforeAll(async () => {
    fake = await startFakeContentful();
  });
  afterAll(async () => fake.close());

  it('serves pages from the replica while Contentful hangs', async () => {
    const t = await createContentTestApp(fake.env);
    const first = await request(t.app).get('/').set('Host', 'vitrine.test');
    expect(first.status).toBe(200);
    fake.hang();
    const started = Date.now();
    const page = await request(t.app).get('/articles').set('Host', 'vitrine.test');
    expect(page.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    console.log(fake.requests.map((r) => r.resource + ' ' + JSON.stringify(r.query)).slice(0, 20));
    fake.recover();
    await t.services.close();
  });
});
