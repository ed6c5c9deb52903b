import { createClient } from 'contentful-management';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { startFakeCma } from '../fakes/fake-cma/index.ts';

import type { FakeCma } from '../fakes/fake-cma/index.ts';

/** The fake CMA speaks the wire format the real contentful-management client expects. */
describe('fake Content Management API', () => {
  let cma: FakeCma;
  const plainClient = (accessToken = cma.state.token) =>
    createClient(
      { accessToken, host: cma.host, insecure: true, retryOnError: false, logHandler: () => {} },
      { type: 'plain', defaults: { spaceId: cma.state.spaceId, environmentId: 'master' } },
    );

  beforeEach(async () => {
    cma = await startFakeCma();
  });
  afterEach(() => cma.close());

  it('creates, publishes and versions a content type, and keeps its editor interface in step', async () => {
    const client = plainClient();
    const fields = [{ id: 'title', name: 'Title', type: 'Symbol', required: true, localized: true }];
    const created = await client.contentType.createWithId({ contentTypeId: 'article' }, { name: 'Article', displayField: 'title', fields });
    expect(created.sys.version).toBe(1);
    const published = await client.contentType.publish({ contentTypeId: 'article' }, created);
    expect(published.sys).toMatchObject({ version: 2, publishedVersion: 1 });
    const editor = await client.editorInterface.get({ contentTypeId: 'article' });
    expect(editor.controls).toEqual([{ fieldId: 'title', widgetId: 'singleLine', widgetNamespace: 'builtin' }]);
    const stale = client.contentType.update({ contentTypeId: 'article' }, { ...created, name: 'Story' });
    await expect(stale).rejects.toMatchObject({ name: 'VersionMismatch' });
    expect(cma.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /spaces/test-space/environments/master/content_types/article',
      'PUT /spaces/test-space/environments/master/content_types/article/published',
      'PUT /spaces/test-space/environments/master/content_types/article',
    ]);
  });

  it('answers a wrong token with 401 AccessTokenInvalid and an unknown resource with 404 NotFound', async () => {
    await expect(plainClient('wrong').contentType.getMany({})).rejects.toMatchObject({ name: 'AccessTokenInvalid' });
    await expect(plainClient().contentType.get({ contentTypeId: 'nope' })).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('rejects a display field that is not a Symbol field with 422 ValidationFailed', async () => {
    const body = { name: 'Model', displayField: 'size', fields: [{ id: 'size', name: 'Size', type: 'Integer', required: false, localized: false }] };
    await expect(plainClient().contentType.createWithId({ contentTypeId: 'model' }, body)).rejects.toMatchObject({ name: 'ValidationFailed' });
  });

  it('serves locales and creates entries only for published content types', async () => {
    const client = plainClient();
    const locales = await client.locale.getMany({});
    expect(locales.items.map((locale) => [locale.code, locale.default])).toEqual([['en-US', true]]);
    await client.locale.create({}, { name: 'German', code: 'de-DE', fallbackCode: 'en-US', optional: true });
    await expect(client.locale.create({}, { name: 'Again', code: 'de-DE', fallbackCode: null })).rejects.toMatchObject({ name: 'ValidationFailed' });
    await expect(client.entry.createWithId({ contentTypeId: 'note', entryId: 'n1' }, { fields: {} })).rejects.toMatchObject({ name: 'UnknownContentType' });
  });
});
