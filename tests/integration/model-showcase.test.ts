import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';
import type { ModelData } from '#client/pages/model/model.server.ts';

// The model page's data over the real SDK and the embedded engine on the demo space, once ingest has read the files:
// the chair's file variants named by their entries, the vase's colour variants, the table's hotspots and their notes.
let t: ContentTestApp;

beforeAll(async () => {
  t = await createContentTestApp();
  // Validation runs after start: the swatch group is settled against the file once it has.
  for (;;) {
    const body = (await request(t.app).get('/readyz').set('Host', 'vitrine.test')).body as { dependencies: Record<string, { detail?: string }> };
    if (body.dependencies['models']?.detail !== 'validating model files') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}, 60_000);
afterAll(async () => t.services.close());

async function modelData(path: string): Promise<ModelData> {
  const german = path.startsWith('/de/');
  const res = await request(t.app).get(`/_data${path}${path.includes('?') ? '&' : '?'}_routes=${german ? 'de.model' : 'model'}`);
  expect(res.status).toBe(200);
  const result = (res.body as { results: Record<string, { data?: ModelData }> }).results[german ? 'de.model' : 'model'];
  if (!result?.data) throw new Error(`no model data for ${path}: ${res.text.slice(0, 300)}`);
  return result.data;
}

describe('model facts', () => {
  it('shows the designer, a fact field, labelled in each locale on the page, and leaves it out where it is empty', async () => {
    expect((await modelData('/models/ostra-lounge-chair')).model.facts).toEqual([{ id: 'designer', label: 'Designer', value: 'Marit Olsen' }]);
    expect((await modelData('/de/models/pivot-desk-lamp')).model.facts).toEqual([{ id: 'designer', label: 'Entwurf', value: 'Studio Kessler' }]);
    expect((await modelData('/models/tide-vase')).model.facts).toBeUndefined();

    const html = (await request(t.app).get('/de/models/ostra-lounge-chair').set('Host', 'vitrine.test')).text;
    expect(html).toMatch(/<dt>Entwurf<\/dt><dd>Marit Olsen<\/dd>/);
  });
});

describe('model page data for variants and hotspots', () => {
  it("lists the chair's file variants in file order with their entries' labels, and selects the one ?variant= names", async () => {
    const { model, selectedVariant } = await modelData('/de/models/ostra-lounge-chair?variant=charcoal');

    expect(model.viewer.variants?.map((v) => [v.id, v.gltfName, v.label])).toEqual([
      ['sage', 'Sage', 'Wolle Salbei, Eiche geölt'],
      ['charcoal', 'Charcoal', 'Wolle Anthrazit, Eiche geräuchert'],
      ['ochre', 'Ochre', 'Wolle Ocker, Eiche geölt'],
    ]);
    // The variant's poster is an image asset two links away from the model (model → variant → asset).
    expect(model.viewer.variants?.[1]?.poster?.url).toMatch(/^\/content-assets\/images\.ctfassets\.net\/.+\.(jpg|png|webp)$/);
    expect(selectedVariant).toBe('charcoal');
  });

  it('selects nothing for a ?variant= the model does not have', async () => {
    expect((await modelData('/models/ostra-lounge-chair?variant=nope')).selectedVariant).toBeNull();
    expect((await modelData('/models/tripod-stool?variant=sage')).selectedVariant).toBeNull();
    expect((await modelData('/models/ostra-lounge-chair')).selectedVariant).toBeNull();
  });

  it('gives a model without the extension its colour variants', async () => {
    const { model } = await modelData('/models/tide-vase?variant=shino');
    expect(model.viewer.variants?.length).toBeGreaterThanOrEqual(3);
    expect(model.viewer.variants?.every((v) => v.colors && !v.gltfName && /^#[0-9a-f]{6}$/.test(v.swatch ?? ''))).toBe(true);
  });

  it("renders each hotspot's note to HTML on the server, keyed by the hotspot entry", async () => {
    const { model } = await modelData('/models/kerf-dining-table');
    const ids = model.viewer.hotspots?.map((h) => h.id) ?? [];

    expect(ids.length).toBeGreaterThanOrEqual(4);
    for (const id of ids) {
      expect(model.hotspotNotes?.[id]).toMatchObject({ kind: 'rendered-rich-text', key: expect.stringContaining(id), html: expect.stringContaining('<p') });
    }
    expect(model.viewer.hotspots?.every((h) => Math.abs(Math.hypot(h.normal.x, h.normal.y, h.normal.z) - 1) < 1e-9)).toBe(true);
  });
});
