import { toRichText } from '../lib/rich-text.ts';
import { localize, readDocuments, readJson, readSource } from '../lib/source.ts';
import { createEntry, neverPublished, publishedOn, toLink } from '../lib/space.ts';
import { buildShowcaseEntries } from './showcase.ts';

import type { SourceDocument } from '../lib/source.ts';
import type { ExportEntity, Localized, LocalizedFields } from '../lib/space.ts';
import type { BuiltModel } from './assets.ts';

/** Every entry of the demo space, from content/source/ and the built model assets. */
export interface PersonSource {
  slug: string;
  name: Localized<string>;
  bio: Localized<string>;
}

const single = <T>(value: T): Localized<T> => ({ 'en-US': value });
const assetLink = (id: string | undefined) => (id ? single(toLink('Asset', id)) : undefined);

/**
 * The fields in content-type order. Per key: 'localized' (front matter, per locale), 'value' (en-US front matter only),
 * 'body' (the Markdown body as rich text) or a ready value. Unset fields are left out, as an export omits empty fields.
 */
async function toFields(
  source: SourceDocument,
  spec: Record<string, 'localized' | 'value' | 'body' | Localized<unknown> | undefined>,
): Promise<LocalizedFields> {
  const fields: LocalizedFields = {};
  for (const [key, how] of Object.entries(spec)) {
    let value = how === 'localized' ? localize<unknown>(source, key) : how === 'value' && source.en[key] !== undefined ? single(source.en[key]) : undefined;
    if (how === 'body' && source.en.body) {
      value = { 'en-US': await toRichText(source.en.body) };
      if (source.de.body) value['de-DE'] = await toRichText(source.de.body);
    }
    if (typeof how === 'object') value = how;
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

async function buildPage(page: SourceDocument): Promise<ExportEntity> {
  const { slug, publishedOn: date, tags, ogImage } = page.en as { slug: string; publishedOn: string; tags?: string[]; ogImage?: string };
  const spec = { title: 'localized', slug: 'value', body: 'body', seoTitle: 'localized', seoDescription: 'localized', ogImage: assetLink(ogImage) } as const;
  return createEntry({ id: `page-${slug}`, contentType: 'page', ...publishedOn(date, 10), tags, fields: await toFields(page, spec) });
}

async function buildArticle(article: SourceDocument): Promise<ExportEntity> {
  const { slug, author, publishDate, draft, tags } = article.en as { slug: string; author: string; publishDate: string; draft?: boolean; tags: string[] };
  const fields = await toFields(article, {
    title: 'localized',
    slug: 'value',
    excerpt: 'localized',
    body: 'body',
    heroImage: assetLink(`hero-${slug}`),
    author: single(toLink('Entry', `person-${author}`)),
    publishDate: 'value',
  });
  return createEntry({ id: `article-${slug}`, contentType: 'article', ...(draft ? neverPublished(publishDate) : publishedOn(publishDate)), tags, fields });
}

/** The model entry, then its variant and hotspot entries. */
async function buildModelEntry(model: SourceDocument, built: BuiltModel): Promise<ExportEntity[]> {
  const { slug, publishedOn: date, tags, concept } = model.en as { slug: string; publishedOn: string; tags: string[]; concept: string };
  const showcase = await buildShowcaseEntries(built, date);
  const fields = await toFields(model, {
    name: 'localized',
    slug: 'value',
    summary: 'localized',
    description: 'body',
    file: assetLink(built.fileAssetId),
    files: built.siblingAssetIds.length > 0 ? single(built.siblingAssetIds.map((id) => toLink('Asset', id))) : undefined,
    poster: assetLink(`poster-${built.slug}`),
    dimensions: single(built.dimensions),
    camera: 'value',
    autoRotate: 'value',
    featured: 'value',
    variants: showcase.variants,
    hotspots: showcase.hotspots,
  });
  return [createEntry({ id: `model-${slug}`, contentType: 'model', ...publishedOn(date, 6), tags, concepts: [concept], fields }), ...showcase.entries];
}

export async function buildEntries(models: BuiltModel[]): Promise<ExportEntity[]> {
  const settings = readSource('site-settings');
  const settingsFields = {
    name: 'localized',
    description: 'localized',
    navigation: 'localized',
    footer: 'body',
    socialImage: assetLink('social-image'),
  } as const;
  const people = readJson<PersonSource[]>('people.json').map(({ slug, name, bio }) =>
    createEntry({
      id: `person-${slug}`,
      contentType: 'person',
      ...publishedOn('2025-01-06', 2),
      fields: { name, avatar: single(toLink('Asset', `avatar-${slug}`)), bio },
    }),
  );
  const modelEntries = readDocuments('models').map((model) => {
    const built = models.find((candidate) => candidate.slug === model.en['slug']);
    if (!built) throw new Error(`No model asset for ${String(model.en['slug'])}`);
    return buildModelEntry(model, built);
  });
  return [
    createEntry({ id: 'site-settings', contentType: 'siteSettings', ...publishedOn('2025-01-08', 60), fields: await toFields(settings, settingsFields) }),
    ...people,
    ...(await Promise.all(readDocuments('pages').map(buildPage))),
    ...(await Promise.all(modelEntries)).flat(),
    ...(await Promise.all(readDocuments('articles').map(buildArticle))),
  ];
}
