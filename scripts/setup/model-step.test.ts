import { createRequire } from 'node:module';

import { createClient } from 'contentful-management';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { checkSpace } from '#server/services/content/space-check.ts';
import { CONTENT_TYPES } from '#shared/content/content-model.ts';

import { CmaError, startFakeCma } from '../../tests/fakes/fake-cma/index.ts';
import { buildContentModel } from '../content/build/content-model.ts';
import { SetupError } from './context.ts';
import { syncContentModel } from './model-step.ts';

import type { SpaceContentType } from '#server/services/content/space-check.ts';
import type Migration from 'contentful-migration';
import type { FakeCma } from '../../tests/fakes/fake-cma/index.ts';
import type { DeclaredType } from './model-step.ts';

const SPACE = 'my-space';
const ALL = CONTENT_TYPES.map((type) => type.id);
const LOCALES = [
  { code: 'en-US', default: true },
  { code: 'de-DE', fallbackCode: 'en-US' },
];
let cma: FakeCma;
let lines: string[];

const client = (token = cma.state.token) =>
  createClient({ accessToken: token, host: cma.host, insecure: true, retryOnError: false, logHandler: () => {} }, { type: 'plain' });
const sync = (options: { dryRun?: boolean; token?: string; model?: readonly DeclaredType[] } = {}) =>
  syncContentModel({ client: client(options.token), spaceId: SPACE, environmentId: 'master', log: (line) => lines.push(line), ...options });

const spaceTypes = () => [...cma.state.contentTypes.items.values()] as unknown as (SpaceContentType & { fields: { id: string }[] })[];
const fieldIds = (typeId: string) => (cma.state.contentTypes.get(typeId).fields as { id: string }[]).map((field) => field.id);
const declaredIds = (typeId: string) => CONTENT_TYPES.find((type) => type.id === typeId)?.fields.map((field) => field.id);

type MigrationFunction = (migration: Migration, context: object) => void;
type Request = { method: string; url: string; data?: unknown; headers?: Record<string, unknown> };
type Parse = (run: MigrationFunction) => Promise<{ batches: { requests: Request[]; validationErrors: unknown[]; runtimeErrors: unknown[] }[] }>;
const require = createRequire(import.meta.url);
const { createMigrationParser } = require('contentful-migration/built/lib/migration-parser.js') as {
  createMigrationParser: (send: (request: Request) => Promise<unknown>, config: object) => Parse;
};

/** Runs a contentful-migration function against the fake, as `npm run setup` did before ADR 062 (and as an editor might). */
async function migrate(run: MigrationFunction) {
  const http = client().raw.http;
  const send = ({ url, ...config }: Request) => http(`/spaces/${SPACE}/environments/master/${url.replace(/^\/+/, '')}`, config as never);
  const { batches } = await createMigrationParser(send, { spaceId: SPACE, environmentId: 'master', requestBatchSize: 100 })(run);
  expect(batches.flatMap((batch) => [...batch.validationErrors, ...batch.runtimeErrors])).toEqual([]);
  for (const request of batches.flatMap((batch) => batch.requests)) await send(request);
}
const legacy = (file: string) => require(`../../tests/fixtures/legacy-migrations/${file}`) as MigrationFunction;

/** The demo source names two spaces as resource-link sources; a real space can only name itself. */
const inThisSpace = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, item: unknown) =>
    key === 'allowedResources' && Array.isArray(item)
      ? item
          .filter((r: { source: string }) => r.source.endsWith('/vitrine-demo'))
          .map((r: object) => ({ ...r, source: `crn:contentful:::content:spaces/${SPACE}` }))
      : item,
  );

beforeEach(async () => {
  cma = await startFakeCma({ spaceId: SPACE });
  lines = [];
});
afterEach(() => cma.close());

describe('syncContentModel', () => {
  it("creates the declared model in an empty space, the demo export's content types, widgets and help texts; the check passes", async () => {
    await expect(sync()).resolves.toEqual({ changed: ALL });
    const expected = buildContentModel();
    const types = expected.contentTypes.map((type) => {
      const actual = cma.state.contentTypes.get(String(type.sys.id));
      expect(actual.sys.publishedVersion, `${type.sys.id} is published`).toBeDefined();
      return { id: actual.sys.id, name: actual.name, description: actual.description, displayField: actual.displayField, fields: actual.fields };
    });
    const wanted = expected.contentTypes.map(({ sys, name, description, displayField, fields }) => ({ id: sys.id, name, description, displayField, fields }));
    expect(types).toEqual(inThisSpace(wanted));
    // Editors show fields in the content type's order; the controls' order carries no meaning.
    const byField = (controls: unknown) => [...(controls as { fieldId: string }[])].sort((a, b) => a.fieldId.localeCompare(b.fieldId));
    for (const editor of expected.editorInterfaces) {
      expect(byField(cma.state.editorInterfaces.get(editor.sys.contentType.sys.id).controls)).toEqual(byField(editor.controls));
    }
    expect(checkSpace({ contentTypes: spaceTypes(), locales: LOCALES })).toMatchObject({ state: 'ready', errors: [], warnings: [] });
  });

  it('changes nothing on a second run', async () => {
    await sync();
    const writes = cma.writes().length;
    await expect(sync()).resolves.toEqual({ changed: [] });
    expect(cma.writes()).toHaveLength(writes);
    expect(lines.at(-1)).toBe('✓ the space has the declared content model (7 content types)');
  });

  it('adds only what was declared since to a space the migrations before ADR 062 set up, and leaves their vitrineMigration record alone', async () => {
    await migrate((migration) => {
      const dsl = migration as { createContentType(id: string, init: object): { createField(id: string, init: object): unknown } };
      dsl.createContentType('vitrineMigration', { name: 'Vitrine migration', displayField: 'file' }).createField('file', { name: 'File', type: 'Symbol' });
    });
    for (const file of ['001-content-model.cjs', '002-model-files.cjs', '003-variants-hotspots-ar.cjs']) await migrate(legacy(file));
    // model.designer came after the last migration.
    await expect(sync()).resolves.toEqual({ changed: ['model'] });
    expect(lines.at(-1)).toBe('+ change model: add designer; move designer; set the editor of designer');
    const writes = cma.writes().length;
    await expect(sync()).resolves.toEqual({ changed: [] });
    expect(cma.writes()).toHaveLength(writes);
    expect(cma.state.contentTypes.items.has('vitrineMigration')).toBe(true);
  });

  it('upgrades a space set up before variants and hotspots: adds them in the declared order, and its check passes before and after', async () => {
    await migrate(legacy('001-content-model.cjs'));
    await migrate(legacy('002-model-files.cjs'));
    const before = checkSpace({ contentTypes: spaceTypes(), locales: LOCALES });
    expect(before.errors).toEqual([]);
    expect(before.warnings).toContainEqual({ path: 'content type hotspot', message: 'optional content type missing' });

    await expect(sync()).resolves.toEqual({ changed: ['model', 'modelVariant', 'hotspot'] });
    expect(lines).toContain(
      '+ change model: add designer; add variants; add hotspots; add usdz; move designer; move variants; move hotspots; move usdz; ' +
        'set the editor of designer, variants, hotspots, usdz',
    );
    expect(fieldIds('model')).toEqual(declaredIds('model'));
    expect(cma.state.contentTypes.get('model').fields).toContainEqual(
      expect.objectContaining({ id: 'hotspots', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['hotspot'] }] } }),
    );
    expect(checkSpace({ contentTypes: spaceTypes(), locales: LOCALES })).toMatchObject({ state: 'ready', errors: [], warnings: [] });
    const writes = cma.writes().length;
    await expect(sync()).resolves.toEqual({ changed: [] });
    expect(cma.writes()).toHaveLength(writes);
  });

  it('adds a newly declared field after its predecessor, and only to its content type', async () => {
    await sync();
    const model = CONTENT_TYPES.map((type) => {
      if (type.id !== 'model') return type;
      const material = { ...type.fields[0]!, id: 'material', name: 'Material', required: false, essential: false, helpText: 'What it is made of.' };
      return { ...type, fields: [type.fields[0]!, material, ...type.fields.slice(1)] };
    });
    const writes = cma.writes().length;
    await expect(sync({ model })).resolves.toEqual({ changed: ['model'] });
    expect(lines.at(-1)).toBe('+ change model: add material; move material; set the editor of material');
    expect(fieldIds('model').slice(0, 3)).toEqual(['name', 'material', 'slug']);
    expect(
      cma
        .writes()
        .slice(writes)
        .every((call) => call.path.includes('/content_types/model')),
    ).toBe(true);
    expect(cma.state.editorInterfaces.get('model').controls).toContainEqual({
      ...{ fieldId: 'material', widgetId: 'singleLine', widgetNamespace: 'builtin' },
      settings: { helpText: 'What it is made of.' },
    });
  });

  it("restores what an editor changed in declared fields and keeps the space's own fields", async () => {
    await sync();
    await migrate((migration) => {
      const type = (migration as Migration).editContentType('person');
      type.editField('bio', { type: 'Text', disabled: true, validations: [{ size: { max: 10 } }] });
      type.createField('pronouns', { name: 'Pronouns', type: 'Symbol' });
      type.moveField('pronouns').toTheTop();
      type.changeFieldControl('name', 'builtin', 'singleLine', { helpText: 'Changed by an editor.' });
    });
    await expect(sync()).resolves.toEqual({ changed: ['person'] });
    expect(lines.at(-1)).toBe('+ change person: set validations, disabled of bio; set the editor of name');
    expect(fieldIds('person')).toEqual(['pronouns', 'name', 'avatar', 'bio']);
    expect(cma.state.contentTypes.get('person').fields).toContainEqual(expect.objectContaining({ id: 'bio', disabled: false, validations: [] }));
    expect(cma.state.editorInterfaces.get('person').controls).toContainEqual(
      expect.objectContaining({ fieldId: 'name', settings: { helpText: 'Shown as the byline.' } }),
    );
  });

  it('refuses a field whose type differs, before writing anything', async () => {
    await migrate((migration) => {
      const dsl = migration as { createContentType(id: string, init: object): { createField(id: string, init: object): unknown } };
      dsl.createContentType('person', { name: 'Person', displayField: 'name' }).createField('name', { name: 'Name', type: 'Text' });
    });
    const writes = cma.writes().length;
    const failure = await sync().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SetupError);
    expect((failure as Error).message).toContain("person.name is Text in the space, declared Symbol: Contentful cannot change a field's type.");
    expect(cma.writes()).toHaveLength(writes);
  });

  it('prints the plan on a dry run and writes nothing', async () => {
    await expect(sync({ dryRun: true })).resolves.toEqual({ changed: ALL });
    expect(cma.writes()).toEqual([]);
    expect(lines).toEqual(CONTENT_TYPES.map((type) => `+ would create content type ${type.id} (${type.fields.length} fields)`));
  });

  it('fails with one line that names the problem, not the token, when the token is wrong', async () => {
    const failure = await sync({ token: 'not-the-token-0123456789' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SetupError);
    expect((failure as Error).message).toBe(
      `Could not read the content model of ${SPACE}/master: 401 AccessTokenInvalid: The access token you sent could not be found or is invalid.`,
    );
    expect(cma.writes()).toEqual([]);
  });

  it('names the request that failed, and a second run applies the rest', async () => {
    await cma.close();
    let fail = true;
    const fault = (call: { path: string }) =>
      fail && call.path.endsWith('/content_types/person/published') ? new CmaError(422, 'ValidationFailed', 'Validation error') : undefined;
    cma = await startFakeCma({ spaceId: SPACE, fault });
    const failure = await sync().catch((error: unknown) => error);
    expect((failure as Error).message).toBe(
      'Could not publish content type person: 422 ValidationFailed: Validation error. What came before was applied; run setup again for the rest.',
    );
    fail = false;
    await sync();
    expect(checkSpace({ contentTypes: spaceTypes(), locales: LOCALES })).toMatchObject({ state: 'ready', errors: [], warnings: [] });
  });
});
