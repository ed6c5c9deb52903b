import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createClient } from 'contentful-management';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { checkSpace } from '#server/services/content/space-check.ts';

import { CmaError, startFakeCma } from '../../tests/fakes/fake-cma/index.ts';
import { buildContentModel } from '../content/build/content-model.ts';
import { MIGRATIONS_DIR, MigrationError, runMigrations } from './migrate.ts';

import type { SpaceContentType } from '#server/services/content/space-check.ts';
import type { FakeCma } from '../../tests/fakes/fake-cma/index.ts';

const SPACE = 'my-space';
const ALL = ['001-content-model.cjs', '002-model-files.cjs', '003-variants-hotspots-ar.cjs'];
let cma: FakeCma;
let lines: string[];
const tempDirs: string[] = [];

const run = (options: { dryRun?: boolean; dir?: string; token?: string } = {}) => {
  const client = createClient(
    { accessToken: options.token ?? cma.state.token, host: cma.host, insecure: true, retryOnError: false, logHandler: () => {} },
    { type: 'plain' },
  );
  return runMigrations({ client, spaceId: SPACE, environmentId: 'master', log: (line) => lines.push(line), dryRun: options.dryRun, dir: options.dir });
};

const spaceTypes = () => [...cma.state.contentTypes.items.values()] as unknown as SpaceContentType[];

/** A migrations folder of its own: copies of real files by name, or new files by content. */
function migrationsDir(files: Record<string, string | true>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-migrations-'));
  tempDirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    if (content === true) copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name));
    else writeFileSync(join(dir, name), content);
  }
  return dir;
}

const createType = (id: string) => `module.exports = (migration) => {
  migration.createContentType('${id}', { name: '${id}', displayField: 'title' }).createField('title', { name: 'Title', type: 'Symbol' });
};`;

/** The demo source names two demo spaces as resource-link sources; a real space can only name itself. */
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
afterEach(async () => {
  await cma.close();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('runMigrations', () => {
  it("creates the content model of content/source/content-model.json, widgets and help texts included, and the site's check passes", async () => {
    const result = await run();
    expect(result.applied).toEqual(ALL);

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

    const contentTypes = types.map((type) => ({ sys: { id: type.id }, fields: type.fields as { id: string; type: string }[] }));
    const locales = [...cma.state.locales.items.values()].map((locale) => ({ code: String(locale.code), default: locale.default === true }));
    expect(checkSpace({ contentTypes, locales }).errors).toEqual([]);
  });

  it('changes nothing on a second run', async () => {
    await run();
    const writes = cma.writes().length;
    await expect(run()).resolves.toEqual({ applied: [], pending: [] });
    expect(cma.writes()).toHaveLength(writes);
    expect(lines.at(-1)).toBe('Migrations: 3 applied, 0 pending');
  });

  it('upgrades a space that has the first model with only the newer file', async () => {
    await run({ dir: migrationsDir({ '001-content-model.cjs': true }) });
    expect(cma.state.contentTypes.get('model').fields).not.toContainEqual(expect.objectContaining({ id: 'files' }));
    await expect(run()).resolves.toEqual({ applied: ALL.slice(1), pending: ALL.slice(1) });
    const fields = cma.state.contentTypes.get('model').fields as { id: string }[];
    expect(fields.map((field) => field.id).slice(4, 7)).toEqual(['file', 'files', 'poster']);
  });

  it('adds variants, hotspots and USDZ to a space set up before issue 15, whose check passed before and passes after', async () => {
    await run({ dir: migrationsDir({ '001-content-model.cjs': true, '002-model-files.cjs': true }) });
    const before = checkSpace({
      contentTypes: spaceTypes(),
      locales: [
        { code: 'en-US', default: true },
        { code: 'de-DE', fallbackCode: 'en-US' },
      ],
    });
    expect(before.errors).toEqual([]);
    expect(before.warnings).toContainEqual({ path: 'content type hotspot', message: 'optional content type missing' });

    await expect(run()).resolves.toEqual({ applied: ['003-variants-hotspots-ar.cjs'], pending: ['003-variants-hotspots-ar.cjs'] });
    const model = cma.state.contentTypes.get('model') as unknown as { fields: { id: string; items?: unknown; validations: unknown }[] };
    expect(model.fields.map((field) => field.id)).toEqual([
      ...['name', 'slug', 'summary', 'description', 'file', 'files', 'poster', 'dimensions', 'camera', 'variants', 'hotspots', 'usdz'],
      ...['autoRotate', 'featured'],
    ]);
    expect(model.fields.find((field) => field.id === 'hotspots')).toMatchObject({
      items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['hotspot'] }] },
      validations: [{ size: { max: 24 } }],
    });
    const after = checkSpace({
      contentTypes: spaceTypes(),
      locales: [
        { code: 'en-US', default: true },
        { code: 'de-DE', fallbackCode: 'en-US' },
      ],
    });
    expect(after).toMatchObject({ state: 'ready', errors: [], warnings: [] });

    const writes = cma.writes().length;
    await expect(run()).resolves.toEqual({ applied: [], pending: [] });
    expect(cma.writes()).toHaveLength(writes);
  });

  it('prints the plan on a dry run and writes nothing', async () => {
    await expect(run({ dryRun: true })).resolves.toEqual({ applied: [], pending: ALL });
    expect(cma.writes()).toEqual([]);
    expect(lines[0]).toBe(`Migrations: 0 applied, 3 pending: ${ALL.join(', ')}`);
    expect(lines).toContain('  Create Content Type vitrineMigration');
    expect(lines).toContain('  Create Content Type model');
    expect(lines.some((line) => /Create field files/.test(line))).toBe(true);
  });

  it('fails with one line that names the problem, not the token, when the token is wrong', async () => {
    const failure = await run({ token: 'not-the-token-0123456789' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toBe(
      `Could not read which migrations ran in ${SPACE}/master: 401 AccessTokenInvalid: The access token you sent could not be found or is invalid.`,
    );
    expect(cma.writes()).toEqual([]);
  });

  it('keeps the migrations before a failing one recorded and names the failing file', async () => {
    const dir = migrationsDir({ '001-first.cjs': createType('first'), '002-second.cjs': createType('second'), '003-third.cjs': createType('third') });
    await cma.close();
    cma = await startFakeCma({
      spaceId: SPACE,
      fault: (call) => (call.path.endsWith('/content_types/second/published') ? new CmaError(422, 'ValidationFailed', 'Validation error') : undefined),
    });
    const failure = await run({ dir }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ file: '002-second.cjs' });
    expect((failure as Error).message).toBe(
      'migrations/002-second.cjs failed at request 2 of 2 (PUT /content_types/second/published): ' +
        '422 ValidationFailed: Validation error. Its earlier requests were applied.',
    );
    const records = [...cma.state.entries.items.values()].map((entry) => (entry.fields as { file: Record<string, string> }).file['en-US']);
    expect(records).toEqual(['001-first.cjs']);
    expect(cma.state.contentTypes.items.has('third')).toBe(false);
  });

  it('warns about an applied file that changed since, and does not run it again', async () => {
    const dir = migrationsDir({ '001-first.cjs': createType('first') });
    await run({ dir });
    const writes = cma.writes().length;
    writeFileSync(join(dir, '001-first.cjs'), createType('renamed'));
    await run({ dir });
    expect(lines.at(-2)).toMatch(
      /^Warning: migrations\/001-first\.cjs changed after it was applied \(.+\); applied files are not re-run: add a new file instead\.$/,
    );
    expect(cma.writes()).toHaveLength(writes);
  });

  it('refuses badly named and doubly numbered files before touching the space', async () => {
    await expect(run({ dir: migrationsDir({ '1-x.cjs': createType('x') }) })).rejects.toThrow('must be named NNN-lowercase-words.cjs: 1-x.cjs');
    await expect(run({ dir: migrationsDir({ '001-a.cjs': createType('a'), '001-b.cjs': createType('b') }) })).rejects.toThrow(
      'Two migration files are numbered 001',
    );
    expect(cma.calls).toEqual([]);
  });
});
