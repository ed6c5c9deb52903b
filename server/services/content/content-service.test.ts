import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startFakeContentful } from '../../../tests/fakes/contentful.ts';
import { createTestContentService } from '../../../tests/fakes/contentful-service.ts';

import type { FakeContentful } from '../../../tests/fakes/contentful.ts';
import type { ContentService } from './content-service.ts';
import type { CategoryNode, QueryOptions } from '#shared/data/content-api.ts';

/**
 * The domain queries with the real `contentful` SDK over the demo space,
 * both ways the app can reach a CDA: the embedded engine in process and a
 * Contentful over HTTP (the wire-level fake). Both must answer the same.
 */
const en: QueryOptions = { locale: 'en-US', preview: false };
const de: QueryOptions = { locale: 'de-DE', preview: false };

let fake: FakeContentful;
const services: Record<string, ContentService> = {};

beforeAll(async () => {
  fake = await startFakeContentful();
  services['in process'] = (await createTestContentService()).content;
  services['over HTTP'] = (await createTestContentService({ fake })).content;
});

afterAll(async () => {
  await fake.close();
});

const slugs = (items: Array<{ slug: string }>) => items.map((i) => i.slug);

function findCategory(nodes: CategoryNode[], id: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findCategory(node.children, id);
    if (found) return found;
  }
  return undefined;
}

interface Node {
  nodeType: string;
  data?: { target?: unknown };
  content?: Node[];
}

/** Every node of a rich-text document, depth first. */
function nodesOf(node: unknown): Node[] {
  const n = node as Node | undefined;
  return n ? [n, ...(n.content ?? []).flatMap(nodesOf)] : [];
}

/** Every `data.target` of a rich-text document. */
function targetsOf(node: unknown): unknown[] {
  return nodesOf(node).flatMap((n) => (n.data?.target ? [n.data.target] : []));
}

describe.each(['in process', 'over HTTP'])('ContentService %s', (transport) => {
  const content = () => services[transport] as ContentService;

  describe('getSiteSettings', () => {
    it('maps name, description and the navigation with locale prefixes', async () => {
      const [english, german] = await Promise.all([content().getSiteSettings(en), content().getSiteSettings(de)]);

      expect(english.name).toBe('Vitrine');
      expect(english.navigation).toEqual([
        { label: 'Models', url: '/models' },
        { label: 'Articles', url: '/articles' },
        { label: 'About', url: '/about' },
        { label: 'Visit', url: '/visit' },
      ]);
      expect(german.navigation[0]).toEqual({ label: 'Modelle', url: '/de/models' });
      expect(german.description).toMatch(/^Möbel, Leuchten und Objekte/);
      expect(english.socialImage?.url).toMatch(/^\/content-assets\/images\.ctfassets\.net\/vitrine-demo\/social-image\//);
    });

    it('resolves the footer links into its lookup, in the locale of the request', async () => {
      const german = await content().getSiteSettings(de);

      expect(german.footer.links.entries['page-imprint']).toMatchObject({ type: 'page', title: 'Impressum', url: '/de/imprint' });
    });
  });

  describe('pages', () => {
    it('finds a page by slug with its rich-text links resolved', async () => {
      const page = await content().getPage('about', en);

      expect(page).toMatchObject({ id: 'page-about', type: 'page', slug: 'about', title: 'About Vitrine', locale: 'en-US' });
      expect(page?.body.links.entries['article-behind-the-vitrine']).toMatchObject({ type: 'article', url: '/articles/behind-the-vitrine' });
      expect(page?.body.links.entries['page-visit']).toMatchObject({ type: 'page', url: '/visit' });
    });

    it('resolves same-space resource links (URNs) the CDA leaves out', async () => {
      const page = await content().getPage('press', en);
      const urn = 'crn:contentful:::content:spaces/vitrine-demo/entries/model-halo-pendant';

      expect(page?.body.links.entries[urn]).toMatchObject({ id: 'model-halo-pendant', type: 'model', url: '/models/halo-pendant' });
      expect(page?.body.links.assets['kerf-spec-sheet']).toMatchObject({ contentType: 'application/pdf' });
    });

    it('returns null for an unknown slug', async () => {
      expect(await content().getPage('no-such-page', en)).toBeNull();
    });

    it('lists every page with its slug and last update', async () => {
      const pages = await content().listPages(en);

      expect(slugs(pages).sort()).toEqual(['about', 'imprint', 'press', 'privacy', 'visit']);
      expect(pages.every((p) => !Number.isNaN(Date.parse(p.updatedAt)))).toBe(true);
    });
  });

  describe('articles', () => {
    it('lists published articles newest first with a total', async () => {
      const list = await content().listArticles({}, en);

      expect(list).toMatchObject({ total: 12, skip: 0, limit: 10 });
      expect(list.items).toHaveLength(10);
      expect(list.items[0]).toMatchObject({ slug: 'behind-the-vitrine', type: 'article', publishDate: '2026-09-15' });
      const dates = list.items.map((a) => a.publishDate);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(slugs(list.items)).not.toContain('spring-collection-preview');
    });

    it('pages with skip and limit', async () => {
      const [first, second] = await Promise.all([content().listArticles({ skip: 0, limit: 9 }, en), content().listArticles({ skip: 9, limit: 9 }, en)]);

      expect(first.items).toHaveLength(9);
      expect(second).toMatchObject({ total: 12, skip: 9, limit: 9 });
      expect(slugs(second.items)).toEqual(['rendering-light', 'two-hundred-photographs-of-a-chair', 'oak-ash-walnut']);
      expect(slugs(first.items).filter((s) => slugs(second.items).includes(s))).toEqual([]);
    });

    it('filters by tag', async () => {
      const list = await content().listArticles({ tag: 'lighting' }, en);

      expect(slugs(list.items)).toEqual(['the-balance-of-a-desk-lamp', 'rendering-light']);
      expect(list.total).toBe(2);
    });

    it('maps an article with author, hero image, public tags and rich-text links resolved into `links`', async () => {
      const article = await content().getArticle('oak-ash-walnut', en);

      expect(article).toMatchObject({
        id: 'article-oak-ash-walnut',
        title: 'Oak, ash or walnut: choosing a hardwood you can live with',
        author: { name: 'Mara Lindqvist' },
      });
      expect(article?.heroImage?.url).toMatch(/^\/content-assets\/images\.ctfassets\.net\/vitrine-demo\/hero-oak-ash-walnut\//);
      expect(article?.tags).toEqual([
        { id: 'materials', name: 'Materials' },
        { id: 'craft', name: 'Craft' },
      ]);
      expect(Object.keys(article?.body.links.entries ?? {}).sort()).toEqual(['model-kerf-dining-table', 'model-ostra-lounge-chair']);
      expect(article?.body.links.entries['model-ostra-lounge-chair']).toMatchObject({
        type: 'model',
        url: '/models/ostra-lounge-chair',
        model: { src: expect.stringMatching(/\.glb$/) },
      });
      expect(Object.keys(article?.body.links.assets ?? {})).toEqual(['materials-board']);
    });

    it('replaces resolved targets in the document with bare links', async () => {
      const article = await content().getArticle('oak-ash-walnut', en);
      const targets = targetsOf(article?.body.document);

      expect(targets).toHaveLength(3);
      for (const target of targets)
        expect(target).toEqual({ sys: { type: 'Link', linkType: expect.stringMatching(/^(Entry|Asset)$/), id: expect.any(String) } });
    });

    it('keeps resource links findable by their URN, also those the SDK resolved from the includes', async () => {
      const article = await content().getArticle('behind-the-vitrine', en);
      const resourceTargets = nodesOf(article?.body.document)
        .filter((n) => n.nodeType.includes('resource'))
        .map((n) => n.data?.target as { sys: { urn?: string } });

      expect(resourceTargets).toHaveLength(3);
      for (const target of resourceTargets) {
        const id = /\/entries\/([^/]+)$/.exec(target.sys.urn ?? '')?.[1] ?? '';
        expect(article?.body.links.entries[id], target.sys.urn).toMatchObject({ id });
      }
    });

    it('keeps the private tag of the draft out of every list', async () => {
      const list = await content().listArticles({ limit: 100 }, en);

      expect(list.items.flatMap((a) => a.tags.map((t) => t.id))).not.toContain('internalReview');
    });

    it('returns null for an unknown or unpublished slug', async () => {
      expect(await content().getArticle('no-such-article', en)).toBeNull();
      expect(await content().getArticle('spring-collection-preview', en)).toBeNull();
    });
  });

  describe('models', () => {
    it('lists every model by name', async () => {
      const models = await content().listModels({}, en);

      expect(slugs(models)).toEqual([
        'carvers-mallet',
        'halo-pendant',
        'kerf-dining-table',
        'ladder-shelf',
        'ostra-lounge-chair',
        'pivot-desk-lamp',
        'tide-vase',
        'tripod-stool',
        'turned-walnut-bowl',
      ]);
      expect(models[0]).toMatchObject({ type: 'model', name: "Carver's Mallet", category: { id: 'tools' } });
    });

    it('lists the featured models', async () => {
      expect(slugs(await content().listModels({ featured: true }, en))).toEqual([
        'halo-pendant',
        'kerf-dining-table',
        'ostra-lounge-chair',
        'pivot-desk-lamp',
        'tide-vase',
      ]);
    });

    it('lists a category with its narrower concepts', async () => {
      const [furniture, seating, chairs] = await Promise.all([
        content().listModels({ category: 'furniture' }, en),
        content().listModels({ category: 'seating' }, en),
        content().listModels({ category: 'chairs' }, en),
      ]);

      expect(slugs(furniture)).toEqual(['kerf-dining-table', 'ladder-shelf', 'ostra-lounge-chair', 'tripod-stool']);
      expect(slugs(seating)).toEqual(['ostra-lounge-chair', 'tripod-stool']);
      expect(slugs(chairs)).toEqual(['ostra-lounge-chair']);
    });

    it('lists nothing for an unknown category', async () => {
      expect(await content().listModels({ category: 'spaceships' }, en)).toEqual([]);
    });

    it('filters by tag', async () => {
      expect(slugs(await content().listModels({ tag: 'lighting' }, en))).toEqual(['halo-pendant', 'pivot-desk-lamp']);
    });

    it('maps a model with its file, viewer source, dimensions and category path', async () => {
      const model = await content().getModel('ostra-lounge-chair', en);

      expect(model).toMatchObject({
        id: 'model-ostra-lounge-chair',
        name: 'Ostra Lounge Chair',
        file: { contentType: 'model/gltf-binary', fileName: 'ostra-lounge-chair.glb' },
        dimensions: { width: 680, height: 823, depth: 719, unit: 'mm' },
        category: {
          id: 'chairs',
          path: [
            { id: 'furniture', label: 'Furniture' },
            { id: 'seating', label: 'Seating' },
            { id: 'chairs', label: 'Chairs' },
          ],
        },
      });
      expect(model?.viewer).toMatchObject({
        src: model?.file.url,
        alt: expect.stringMatching(/^Ostra Lounge Chair: /),
        poster: { contentType: 'image/jpeg', width: 1600, height: 1200 },
        camera: { azimuthDeg: 35, polarDeg: 68 },
        autoRotate: false,
      });
      expect(model?.description.links.entries['article-oak-ash-walnut']).toMatchObject({ type: 'article', url: '/articles/oak-ash-walnut' });
    });

    it('returns null for an unknown slug', async () => {
      expect(await content().getModel('no-such-model', en)).toBeNull();
    });
  });

  describe('categories and tags', () => {
    it('builds the category tree with counts that include narrower concepts', async () => {
      const tree = await content().listCategories(en);

      expect(tree.map((c) => [c.id, c.modelCount])).toEqual([
        ['furniture', 4],
        ['lighting', 2],
        ['objects', 3],
      ]);
      expect(findCategory(tree, 'seating')).toMatchObject({
        modelCount: 2,
        children: [
          { id: 'chairs', modelCount: 1 },
          { id: 'stools', modelCount: 1 },
        ],
      });
      expect(findCategory(tree, 'vessels')?.path.map((p) => p.id)).toEqual(['objects', 'vessels']);
    });

    it('labels and sorts the tree in the requested locale', async () => {
      const tree = await content().listCategories(de);

      expect(tree.map((c) => c.label)).toEqual(['Leuchten', 'Möbel', 'Objekte']);
      expect(findCategory(tree, 'chairs')?.path.map((p) => p.label)).toEqual(['Möbel', 'Sitzmöbel', 'Stühle']);
    });

    it('lists public tags only', async () => {
      const tags = await content().listTags(en);

      expect(tags.map((t) => t.id).sort()).toEqual(['capture', 'craft', 'design', 'lighting', 'materials', 'process', 'sustainability']);
      expect(await content().getTag('design', en)).toEqual({ id: 'design', name: 'Design' });
      expect(await content().getTag('internalReview', en)).toBeNull();
      expect(await content().getTag('nope', en)).toBeNull();
    });
  });

  describe('getLinkingEntries', () => {
    it('finds the published entries that link to an entry, rich-text links included', async () => {
      const refs = await content().getLinkingEntries('model-ostra-lounge-chair', en);

      expect(refs.map((r) => r.id).sort()).toEqual([
        'article-behind-the-vitrine',
        'article-designed-to-be-taken-apart',
        'article-oak-ash-walnut',
        'article-two-hundred-photographs-of-a-chair',
      ]);
      expect(refs.find((r) => r.id === 'article-oak-ash-walnut')).toMatchObject({ type: 'article', url: '/articles/oak-ash-walnut' });
    });

    it('builds the references in the requested locale', async () => {
      const refs = await content().getLinkingEntries('model-halo-pendant', de);

      expect(refs.find((r) => r.id === 'article-rendering-light')).toMatchObject({
        title: 'Leuchten sind am schwersten zu fotografieren',
        url: '/de/articles/rendering-light',
      });
    });
  });

  describe('de-DE', () => {
    it('serves German fields with German URLs', async () => {
      const article = await content().getArticle('oak-ash-walnut', de);

      expect(article).toMatchObject({ locale: 'de-DE', title: 'Eiche, Esche oder Nussbaum: ein Holz, mit dem man leben kann' });
      expect(article?.body.links.entries['model-ostra-lounge-chair']).toMatchObject({ title: 'Ostra Loungesessel', url: '/de/models/ostra-lounge-chair' });
      expect(article?.tags).toEqual([
        { id: 'materials', name: 'Materials' },
        { id: 'craft', name: 'Craft' },
      ]);
    });

    it('falls back to en-US for fields without a German value', async () => {
      const [english, german] = await Promise.all([content().getArticle('scale-without-a-ruler', en), content().getArticle('scale-without-a-ruler', de)]);

      expect(german?.title).toBe('Größe ohne Zollstock');
      expect(german?.excerpt).toBe(english?.excerpt);
      expect(german?.excerpt).toMatch(/^On a screen/);
      expect(german?.body.document).toEqual(english?.body.document);
      expect(german?.author?.name).toBe(english?.author?.name);
    });

    it('falls back for a model summary too', async () => {
      const [english, german] = await Promise.all([content().getModel('ladder-shelf', en), content().getModel('ladder-shelf', de)]);

      expect(german?.name).toBe('Leiterregal');
      expect(german?.summary).toBe(english?.summary);
      expect(german?.summary).not.toBe('');
    });
  });
});
