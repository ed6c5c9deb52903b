import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createFixtureEngine } from '../../../tests/fixtures/contentful/fixture.ts';
import { createCdaRouter, createCdaServer } from '../../../tests/fakes/cda-server.ts';

const ENTRIES = '/spaces/vitrine-test/environments/master/entries';

function createApp(configure?: (app: express.Express) => void) {
  const app = express();
  configure?.(app);
  app.use(createCdaRouter(createCdaServer(createFixtureEngine(), { accessTokens: { delivery: 'cda', preview: 'cpa' } })));
  return app;
}

describe('createCdaRouter', () => {
  it('answers with the engine status, headers and JSON body', async () => {
    const response = await request(createApp()).get(`${ENTRIES}/person-ada`).set('Authorization', 'Bearer cda');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.contentful.delivery.v1+json; charset=utf-8');
    expect(response.headers['x-contentful-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(response.text)).toMatchObject({ sys: { id: 'person-ada', type: 'Entry' } });
  });

  it('keeps bracketed parameters flat whatever the query parser', async () => {
    const app = createApp((instance) => instance.set('query parser', 'extended'));

    const response = await request(app).get(`${ENTRIES}?sys.id[in]=person-ada,person-grace`).set('Authorization', 'Bearer cda');

    expect(JSON.parse(response.text)).toMatchObject({ total: 2 });
  });

  it('chooses preview by token', async () => {
    const delivery = await request(createApp()).get(`${ENTRIES}/article-draft`).set('Authorization', 'Bearer cda');
    const preview = await request(createApp()).get(`${ENTRIES}/article-draft`).set('Authorization', 'Bearer cpa');

    expect(delivery.status).toBe(404);
    expect(preview.status).toBe(200);
  });

  it('answers 401 without a valid token', async () => {
    const response = await request(createApp()).get(ENTRIES);

    expect(response.status).toBe(401);
    expect(JSON.parse(response.text)).toMatchObject({ sys: { id: 'AccessTokenInvalid' } });
  });

  it('works under a mount path and answers HEAD without a body', async () => {
    const app = express();
    app.use('/cda', createCdaRouter(createFixtureEngine(), { preview: false }));

    const get = await request(app).get(`/cda${ENTRIES}?content_type=person`);
    const head = await request(app).head(`/cda${ENTRIES}`);

    expect(JSON.parse(get.text)).toMatchObject({ total: 2 });
    expect(head.status).toBe(200);
    expect(head.text).toBeUndefined();
  });

  it('refuses writes', async () => {
    const response = await request(createApp()).post(ENTRIES).set('Authorization', 'Bearer cda');

    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ sys: { id: 'BadRequest' } });
  });
});
