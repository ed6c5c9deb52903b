import { CONTENT_MODEL } from '#shared/content/content-model.ts';

import { toLocalizedRichText } from '../lib/rich-text.ts';
import { localize, readDocuments, readJson, readSource } from '../lib/source.ts';
import { createEntry, neverPublished, publishedOn, single, toLink } from '../lib/space.ts';
import { buildShowcaseEntries } from './showcase.ts';

import type { ContentTypeId } from '#shared/content/content-model.ts';
import type { Field } from '#shared/content/declare.ts';
import type { SourceDocument } from '../lib/source.ts';
import type { ExportEntity, Localized, LocalizedFields } from '../lib/space.ts';
import type { BuiltModel } from './assets.ts';

export interface PersonSource {
  slug: string;
  name: Localized<string>;
  bio: Localized<string>;
}

const assetLink = (id: string | undefined) => (id ? single(toLink('Asset', id)) : undefined);

async function fromSource(source: SourceDocument, key: string, field: Field): Promise<Localized<unknown> | undefined> {
  if (field.type === 'RichText') return source.en.body ? toLocalizedRichText({ 'en-US': source.en.body, 'de-DE': source.de.body }) : undefined;
  if (field.localized) return localize<unknown>(source, key);
  return source.en[key] === undefined ? undefined : single(source.en[key]);
}

/** In the content model's order; links and lists only when given. Unset fields are left out, as an export omits empty fields. */
async function toFields(source: SourceDocument, contentType: ContentTypeId, given: Record<string, Localized<unknown> | undefined> = {}) {
  const fields: LocalizedFields = {};
  for (const [key, field] of Object.entries(CONTENT_MODEL[contentType].fields as Record<string, Field>)) {
    const value = key in given || field.type === 'Link' || field.type === 'Array' ? given[key] : await fromSource(source, key, field);
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

async function buildPage(page: SourceDocument): Promise<ExportEntity> {
  const { slug, publishedOn: date, tags, ogImage } = page.en as { slug: string; publishedOn: string; tags?: string[]; ogImage?: string };
  const fields = await toFields(page, 'page', { ogImage: assetLink(ogImage) });
  return createEntry({ id: `page-${slug}`, contentType: 'page', ...publishedOn(date, 10), tags, fields });
}

async function buildArticle(article: SourceDocument): Promise<ExportEntity> {
  const { slug, author, publishDate, draft, tags } = article.en as { slug: string; author: string; publishDate: string; draft?: boolean; tags: string[] };
  const fields = await toFields(article, 'article', { heroImage: assetLink(`hero-${slug}`), author: single(toLink('Entry', `person-${author}`)) });
  return createEntry({ id: `article-${slug}`, contentType: 'article', ...(draft ? neverPublished(publishDate) : publishedOn(publishDate)), tags, fields });
}

async function buildModelEntry(model: SourceDocument, built: BuiltModel): Promise<ExportEntity[]> {
  const { slug, publishedOn: date, tags, concept } = model.en as { slug: string; publishedOn: string; tags: string[]; concept: string };
  const showcase = await buildShowcaseEntries(built, date);
  const fields = await toFields(model, 'model', {
    file: assetLink(built.fileAssetId),
    files: built.siblingAssetIds.length > 0 ? single(built.siblingAssetIds.map((id) => toLink('Asset', id))) : undefined,
    poster: assetLink(`poster-${built.slug}`),
    variants: showcase.variants,
    hotspots: showcase.hotspots,
  });
  return [createEntry({ id: `model-${slug}`, contentType: 'model', ...publishedOn(date, 6), tags, concepts: [concept], fields }), ...showcase.entries];
}

export async function buildEntries(models: BuiltModel[]): Promise<ExportEntity[]> {
  const settings = await toFields(readSource('site-settings'), 'siteSettings', { socialImage: assetLink('social-image') });
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
    createEntry({ id: 'site-settings', contentType: 'siteSettings', ...publishedOn('2025-01-08', 60), fields: settings }),
    ...people,
    ...(await Promise.all(readDocuments('pages').map(buildPage))),
    ...(await Promise.all(modelEntries)).flat(),
    ...(await Promise.all(readDocuments('articles').map(buildArticle))),
  ];
}
