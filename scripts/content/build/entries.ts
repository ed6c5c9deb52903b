import { toRichText } from '../lib/rich-text.ts';
import { localize, readDocuments, readJson, readSource } from '../lib/source.ts';
import { createEntry, neverPublished, publishedOn, toLink } from '../lib/space.ts';

import type { Document } from '@contentful/rich-text-types';
import type { SourceDocument } from '../lib/source.ts';
import type { ExportEntity, Localized, LocalizedFields } from '../lib/space.ts';
import type { BuiltModel } from './assets.ts';

/** Every entry of the demo space, from content/source/ and the built model assets. */
export interface PersonSource {
  slug: string;
  name: Localized<string>;
  bio: Localized<string>;
  avatar: unknown;
}

async function richText(document: SourceDocument): Promise<Localized<Document> | undefined> {
  if (!document.en.body) return undefined;
  const result: Localized<Document> = { 'en-US': await toRichText(document.en.body) };
  if (document.de.body) result['de-DE'] = await toRichText(document.de.body);
  return result;
}

const single = <T>(value: T): Localized<T> => ({ 'en-US': value });
const assetLink = (id: unknown) => (id ? single(toLink('Asset', String(id))) : undefined);

/** Drops unset optional fields, the way an export omits fields that were never filled in. */
function compact(fields: Record<string, Localized<unknown> | undefined>): LocalizedFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as LocalizedFields;
}

async function buildSiteSettings(): Promise<ExportEntity> {
  const source = readSource('site-settings');
  const [name, description, navigation] = ['name', 'description', 'navigation'].map((key) => localize(source, key));
  return createEntry({
    id: 'site-settings',
    contentType: 'siteSettings',
    ...publishedOn('2025-01-08', 60),
    fields: compact({ name, description, navigation, footer: await richText(source), socialImage: assetLink('social-image') }),
  });
}

async function buildPage(page: SourceDocument): Promise<ExportEntity> {
  const { slug, publishedOn: date, tags, ogImage } = page.en as { slug: string; publishedOn: string; tags?: string[]; ogImage?: string };
  return createEntry({
    id: `page-${slug}`,
    contentType: 'page',
    ...publishedOn(date, 10),
    tags,
    fields: compact({
      title: localize(page, 'title'),
      slug: single(slug),
      body: await richText(page),
      seoTitle: localize(page, 'seoTitle'),
      seoDescription: localize(page, 'seoDescription'),
      ogImage: assetLink(ogImage),
    }),
  });
}

async function buildArticle(article: SourceDocument): Promise<ExportEntity> {
  const { slug, author, publishDate, draft, tags } = article.en as { slug: string; author: string; publishDate: string; draft?: boolean; tags: string[] };
  return createEntry({
    id: `article-${slug}`,
    contentType: 'article',
    ...(draft ? neverPublished(publishDate) : publishedOn(publishDate)),
    tags,
    fields: compact({
      title: localize(article, 'title'),
      slug: single(slug),
      excerpt: localize(article, 'excerpt'),
      body: await richText(article),
      heroImage: assetLink(`hero-${slug}`),
      author: single(toLink('Entry', `person-${author}`)),
      publishDate: single(publishDate),
    }),
  });
}

async function buildModelEntry(model: SourceDocument, built: BuiltModel): Promise<ExportEntity> {
  const {
    slug,
    publishedOn: date,
    tags,
    concept,
    camera,
    autoRotate,
    featured,
  } = model.en as { slug: string; publishedOn: string; tags: string[]; concept: string; camera: unknown; autoRotate: boolean; featured: boolean };
  return createEntry({
    id: `model-${slug}`,
    contentType: 'model',
    ...publishedOn(date, 6),
    tags,
    concepts: [concept],
    fields: compact({
      name: localize(model, 'name'),
      slug: single(slug),
      summary: localize(model, 'summary'),
      description: await richText(model),
      file: assetLink(built.fileAssetId),
      poster: assetLink(built.posterAssetId),
      dimensions: single(built.dimensions),
      camera: single(camera),
      autoRotate: single(autoRotate),
      featured: single(featured),
    }),
  });
}

export async function buildEntries(models: BuiltModel[]): Promise<ExportEntity[]> {
  const people = readJson<PersonSource[]>('people.json').map((person) =>
    createEntry({
      id: `person-${person.slug}`,
      contentType: 'person',
      ...publishedOn('2025-01-06', 2),
      fields: { name: person.name, avatar: single(toLink('Asset', `avatar-${person.slug}`)), bio: person.bio },
    }),
  );
  const modelEntries = readDocuments('models').map((model) => {
    const built = models.find((candidate) => candidate.slug === model.en['slug']);
    if (!built) throw new Error(`No model asset for ${String(model.en['slug'])}`);
    return buildModelEntry(model, built);
  });
  return [
    await buildSiteSettings(),
    ...people,
    ...(await Promise.all(readDocuments('pages').map(buildPage))),
    ...(await Promise.all(modelEntries)),
    ...(await Promise.all(readDocuments('articles').map(buildArticle))),
  ];
}
