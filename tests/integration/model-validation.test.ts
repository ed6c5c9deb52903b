import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';

// The demo space with two broken models: the bowl's .glb cut short, and the stool's .gltf whose model.files lists only its normal map:
// its .bin is in neither model.files nor beside it, its colour texture only beside it (the export folder has it, a space would not).
const CONTENT = fileURLToPath(new URL('../../content/', import.meta.url));
const TRUNCATED = fileURLToPath(new URL('../fixtures/models/truncated.glb', import.meta.url));
const PREVIEW_SECRET = 'model-check-preview-secret';

type ExportAsset = { sys: { id: string }; fields: { file: { 'en-US': { url: string } } } };
type ExportEntry = { sys: { id: string }; fields: Record<string, Record<string, unknown>> };

/** An asset's path under assets/ (its URL without the leading //). */
const pathOf = (assets: ExportAsset[], id: string) => assets.find((asset) => asset.sys.id === id)?.fields.file['en-US'].url.slice(2) ?? id;

type Readyz = { dependencies: Record<string, { ready: boolean; detail?: string; problems?: { path: string; message: string }[] }> };

let dir: string;
let t: ContentTestApp;

async function readyz(): Promise<Readyz> {
  for (;;) {
    const body = (await request(t.app).get('/readyz').set('Host', 'vitrine.test')).body as Readyz;
    if (body.dependencies['models']?.detail !== 'validating model files') return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-models-'));
  const space = JSON.parse(readFileSync(join(CONTENT, 'space-export.json'), 'utf8')) as { assets: ExportAsset[]; entries: ExportEntry[] };
  cpSync(join(CONTENT, 'assets'), join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', pathOf(space.assets, 'glb-turned-walnut-bowl')), readFileSync(TRUNCATED));
  const stool = space.entries.find((entry) => entry.sys.id === 'model-tripod-stool') as ExportEntry;
  stool.fields['files'] = { 'en-US': [{ sys: { type: 'Link', linkType: 'Asset', id: 'file-tripod-stool-ash-normal-jpg' } }] };
  const colour = pathOf(space.assets, 'file-tripod-stool-ash-basecolor-jpg');
  cpSync(join(dir, 'assets', colour), join(dir, 'assets', dirname(pathOf(space.assets, 'gltf-tripod-stool')), basename(colour)));
  writeFileSync(join(dir, 'space-export.json'), JSON.stringify(space));
  t = await createContentTestApp({ CONTENT_EXPORT_FILE: join(dir, 'space-export.json'), PREVIEW_SECRET }, { captureLogs: true });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ingest validation of model files (embedded export)', () => {
  it('lists every model with errors in /readyz without making the site unready, and logs each one', async () => {
    const { models } = (await readyz()).dependencies;

    expect(models).toMatchObject({ mode: 'gltf-validator', ready: true });
    expect(models?.problems).toEqual(
      expect.arrayContaining([
        { path: 'model turned-walnut-bowl (turned-walnut-bowl.glb)', message: expect.stringMatching(/^Unexpected end of chunk data/) },
        { path: 'model tripod-stool (tripod-stool.gltf)', message: 'external file tripod-stool.bin: not found — add it to model.files' },
      ]),
    );
    const logged = t.logs.filter((line) => line.msg === 'model file has errors').map((line) => line['model']);
    expect(logged).toEqual(expect.arrayContaining(['turned-walnut-bowl', 'tripod-stool']));
    expect(t.logs.find((line) => line.msg === 'model files validated')).toMatchObject({ models: 9 });
  });

  it('shows visitors the poster with a note instead of a viewer, and no report', async () => {
    await readyz();
    const page = await request(t.app).get('/models/turned-walnut-bowl').set('Host', 'vitrine.test').expect(200);

    expect(page.text).toMatch(/<figure class="mv-viewer"[^>]*><picture>.*?class="mv-poster".*?<\/picture><p class="mv-unavailable">3D view unavailable<\/p>/);
    expect(page.text).not.toContain('model-check');
    const german = await request(t.app).get('/de/models/turned-walnut-bowl').set('Host', 'vitrine.test').expect(200);
    expect(german.text).toContain('3D-Ansicht nicht verfügbar');
    // A model whose file is fine keeps its viewer.
    const fine = await request(t.app).get('/models/ostra-lounge-chair').set('Host', 'vitrine.test').expect(200);
    expect(fine.text).not.toContain('3D view unavailable');
  });

  it('gives a broken model embedded in rich text the same poster and note, in both locales', async () => {
    await readyz();
    const note =
      /<div class="rt-viewer" data-viewer-source="[^"]*&quot;unavailable&quot;:true[^"]*"><figure class="mv-viewer"[^>]*><picture>.*?<\/picture><p class="mv-unavailable">/;
    const article = await request(t.app).get('/articles/roughness-is-not-shininess').set('Host', 'vitrine.test').expect(200);
    expect(article.text).toMatch(note);
    const german = await request(t.app).get('/de/articles/roughness-is-not-shininess').set('Host', 'vitrine.test').expect(200);
    expect(german.text).toContain('3D-Ansicht nicht verfügbar');
    // An embed of a model whose file is fine keeps its viewer.
    const fine = await request(t.app).get('/articles/oak-ash-walnut').set('Host', 'vitrine.test').expect(200);
    expect(fine.text).toContain('class="rt-viewer"');
    expect(fine.text).not.toContain('unavailable');
  });

  it('shows editors in preview mode what is wrong and how to fix it', async () => {
    await readyz();
    const agent = request.agent(t.app);
    await agent.get(`/api/preview?secret=${PREVIEW_SECRET}&path=/models/tripod-stool`).set('Host', 'vitrine.test').expect(307);
    const page = await agent.get('/models/tripod-stool').set('Host', 'vitrine.test').expect(200);

    expect(page.text).toContain('Model file check (shown in preview only)');
    expect(page.text).toContain('external file tripod-stool.bin: not found — add it to model.files');
    expect(page.text).toContain('external files: tripod-stool.bin, tripod-stool-ash-basecolor.jpg, tripod-stool-ash-normal.jpg');
    // The textures still beside the .gltf in the export load, but would not in a Contentful space.
    expect(page.text).toContain('external file tripod-stool-ash-basecolor.jpg: found beside the .gltf in the export only');
  });
});
