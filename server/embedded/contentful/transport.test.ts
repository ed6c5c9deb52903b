import { describe, expect, it, vi } from 'vitest';

import { createFixtureEngine } from '../../../tests/fixtures/contentful/fixture.ts';
import { createCdaAdapter } from './transport.ts';

import type { CdaAxiosAdapter } from './transport.ts';
import type { CdaEngine } from './engine.ts';

type AdapterConfig = Parameters<CdaAxiosAdapter>[0];

const BASE = 'https://embedded.invalid:443/spaces/vitrine-test/environments/master/';

function config(overrides: Partial<AdapterConfig>): AdapterConfig {
  return { method: 'get', headers: {}, validateStatus: (status: number) => status >= 200 && status < 300, ...overrides } as AdapterConfig;
}

function spyOn(engine: CdaEngine) {
  return vi.spyOn(engine, 'handle');
}

describe('createCdaAdapter', () => {
  it('joins baseURL and url, merges params and asks the API it was made for, whatever the token', async () => {
    const engine = createFixtureEngine();
    const handle = spyOn(engine);
    const adapter = createCdaAdapter(engine, { preview: true });

    await adapter(
      config({
        baseURL: BASE,
        url: 'entries?locale=de-DE',
        params: { 'sys.id[in]': ['person-ada', 'person-grace'], include: 0, skip: undefined },
        headers: { Authorization: 'Bearer abc' } as never,
      }),
    );

    expect(handle).toHaveBeenCalledWith({
      method: 'GET',
      path: '/spaces/vitrine-test/environments/master/entries',
      query: { locale: 'de-DE', 'sys.id[in]': 'person-ada,person-grace', include: '0' },
      preview: true,
    });
  });

  it('uses an absolute url as is, as axios does', async () => {
    const engine = createFixtureEngine();
    const handle = spyOn(engine);

    await createCdaAdapter(engine)(config({ baseURL: 'https://elsewhere.invalid/x/', url: `${BASE}tags` }));

    expect(handle.mock.calls[0]?.[0]).toMatchObject({ path: '/spaces/vitrine-test/environments/master/tags', query: {} });
    expect(handle.mock.calls[0]?.[0]).not.toHaveProperty('preview');
  });

  it('resolves with the JSON text, status and headers axios expects', async () => {
    const response = await createCdaAdapter(createFixtureEngine())(config({ url: `${BASE}entries/person-ada` }));

    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect(response.headers).toMatchObject({ 'content-type': 'application/vnd.contentful.delivery.v1+json' });
    expect(JSON.parse(response.data as string)).toMatchObject({ sys: { id: 'person-ada' } });
  });

  it('rejects non-2xx answers like axios, with the response and config attached', async () => {
    const request = config({ url: `${BASE}entries/nope` });

    const error = await createCdaAdapter(createFixtureEngine())(request).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      isAxiosError: true,
      code: 'ERR_BAD_REQUEST',
      status: 404,
      config: request,
      response: { status: 404, statusText: 'Not Found' },
    });
  });

  it('resolves any status when validateStatus is unset', async () => {
    const response = await createCdaAdapter(createFixtureEngine())(config({ url: `${BASE}entries/nope`, validateStatus: null }));

    expect(response.status).toBe(404);
  });
});
