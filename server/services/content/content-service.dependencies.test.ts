import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { trackDependencies } from './dependencies.ts';
import { startFakeContentful } from '../../../tests/fakes/contentful.ts';
import { createTestContentService } from '../../../tests/fakes/contentful-service.ts';

import type { FakeContentful, RawExport } from '../../../tests/fakes/contentful.ts';
import type { ContentService } from './content-service.ts';
import type { QueryOptions } from '#shared/data/content-api.ts';

/**
 * What results record about the space's tags and taxonomy (the markers tag
 * and taxonomy webhooks invalidate), over the wire-level fake so the space
 * can change under a warm cache.
 */
const en: QueryOptions = { locale: 'en-US', preview: false };

let fake: FakeContentful;
let content: ContentService;
let sync: () => Promise<void>;

beforeEach(async () => {
  fake = await startFakeContentful();
  ({ content, sync } = await createTestContentService({ fake }));
});

afterEach(async () => {
  await fake.close();
});

async function depsOf(work: () => Promise<unknown>): Promise<string[]> {
  const { deps } = await trackDependencies(work);
  return [...deps];
}

const markers = (deps: string[]) => deps.filter((d) => d.startsWith('tag:') || d === 'tags' || d === 'taxonomy').sort();

function renameTag(data: RawExport, id: string, name: string): void {
  const tag = (data['tags'] as Array<{ sys: { id: string }; name: string }>).find((t) => t.sys.id === id);
  if (!tag) throw new Error(`no tag ${id}`);
  tag.name = name;
}

describe('ContentService dependency markers', () => {
  it('records the tags an article shows, not the whole tag list or the taxonomy', async () => {
    const deps = await depsOf(() => content.getArticle('oak-ash-walnut', en));

    expect(markers(deps)).toEqual(['tag:craft', 'tag:materials']);
  });

  it('records the same markers when the result comes from the cache', async () => {
    const cold = await depsOf(() => content.getArticle('rendering-light', en));

    const warm = await depsOf(() => content.getArticle('rendering-light', en));

    expect(markers(warm)).toEqual(['tag:lighting', 'tag:process']);
    expect(warm.sort()).toEqual(cold.sort());
  });

  it('records the taxonomy for what shows a category, and nothing for content without tags or concepts', async () => {
    const model = await depsOf(() => content.getModel('ostra-lounge-chair', en));
    const tree = await depsOf(() => content.listCategories(en));
    const filtered = await depsOf(() => content.listModels({ category: 'seating' }, en));
    const page = await depsOf(() => content.getPage('about', en));
    const site = await depsOf(() => content.getSiteSettings(en));

    expect(markers(model)).toEqual(['tag:craft', 'tag:design', 'tag:materials', 'taxonomy']);
    expect(markers(tree)).toEqual(['taxonomy']);
    expect(markers(filtered)).toContain('taxonomy');
    expect(markers(page)).toEqual([]);
    expect(markers(site)).toEqual([]);
  });

  it('records every tag for the tag list, one tag for a tag lookup or a tag filter', async () => {
    expect(markers(await depsOf(() => content.listTags(en)))).toEqual(['tags']);
    expect(markers(await depsOf(() => content.getTag('craft', en)))).toEqual(['tag:craft']);
    expect(markers(await depsOf(() => content.getTag('not-yet', en)))).toEqual(['tag:not-yet']);
    expect(markers(await depsOf(() => content.listArticles({ tag: 'not-yet' }, en)))).toEqual(['tag:not-yet']);
  });

  it('serves a renamed tag after its marker is invalidated, and keeps what does not show it cached', async () => {
    await content.getArticle('oak-ash-walnut', en);
    await content.getArticle('rendering-light', en);
    fake.update((data) => renameTag(data, 'craft', 'Handcraft'));
    await sync();
    const cached = await content.getArticle('oak-ash-walnut', en);

    const keys = content.invalidate(['tag:craft', 'tags']);
    const fresh = await content.getArticle('oak-ash-walnut', en);
    await content.getArticle('rendering-light', en);

    expect(cached?.tags).toContainEqual({ id: 'craft', name: 'Craft' });
    expect(keys).toContain('article:oak-ash-walnut|en-US');
    expect(keys).not.toContain('article:rendering-light|en-US');
    expect(fresh?.tags).toContainEqual({ id: 'craft', name: 'Handcraft' });
  });

  it('serves a relabelled concept after the taxonomy marker is invalidated', async () => {
    await content.getModel('ostra-lounge-chair', en);
    fake.update((data) => {
      const concepts = (data['taxonomy'] as { concepts: Array<{ sys: { id: string }; prefLabel: Record<string, string> }> }).concepts;
      const chairs = concepts.find((c) => c.sys.id === 'chairs');
      if (!chairs) throw new Error('no concept chairs');
      chairs.prefLabel['en-US'] = 'Armchairs';
    });
    await sync();

    content.invalidate(['taxonomy']);
    const model = await content.getModel('ostra-lounge-chair', en);

    expect(model?.category?.path.map((c) => c.label)).toEqual(['Furniture', 'Seating', 'Armchairs']);
  });
});
