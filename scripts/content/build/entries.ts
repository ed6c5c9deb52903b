import { ARTICLES } from '../data/articles/index.ts';
import { PAGES } from '../data/pages/index.ts';
import { PEOPLE } from '../data/people.ts';
import { SITE_SETTINGS } from '../data/site-settings.ts';
import { PRIVATE_TAG_ID } from '../data/tags.ts';
import { createEntry } from '../lib/export-entities.ts';
import { toLink } from '../lib/ids.ts';
import { toRichText } from '../lib/markup.ts';
import { neverPublished, publishedOn } from './timeline.ts';

import type { ExportEntity, LocalizedFields } from '../lib/export-entities.ts';
import type { Localized } from '../lib/ids.ts';
import type { BuiltModel } from './model-assets.ts';

/** Every entry of the demo space, from the authored data and the built assets. */
function richText(source: Localized<string>): Localized<unknown> {
  const result: Localized<unknown> = { 'en-US': toRichText(source['en-US']) };
  if (source['de-DE']) result['de-DE'] = toRichText(source['de-DE']);
  return result;
}

function single<T>(value: T): Localized<T> {
  return { 'en-US': value };
}

/** Drops undefined optional fields, the way the export omits fields that were never filled in. */
function compact(fields: Record<string, Localized<unknown> | undefined>): LocalizedFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as LocalizedFields;
}

function buildSiteSettings(): ExportEntity {
  return createEntry({
    id: 'site-settings',
    contentType: 'siteSettings',
    ...publishedOn('2025-01-08', 60),
    fields: compact({
      name: SITE_SETTINGS.name,
      description: SITE_SETTINGS.description,
      navigation: SITE_SETTINGS.navigation,
      footer: richText(SITE_SETTINGS.footer),
      socialImage: single(toLink('Asset', 'social-image')),
    }),
  });
}

function buildPages(): ExportEntity[] {
  return PAGES.map((page) =>
    createEntry({
      id: `page-${page.slug}`,
      contentType: 'page',
      ...publishedOn(page.publishedOn, 10),
      // The imprint needs a legal check whenever it changes: a private tag the site must never show.
      tags: page.slug === 'imprint' ? [PRIVATE_TAG_ID] : [],
      fields: compact({
        title: page.title,
        slug: single(page.slug),
        body: richText(page.body),
        seoTitle: page.seoTitle,
        seoDescription: page.seoDescription,
        ogImage: page.ogImage ? single(toLink('Asset', page.ogImage)) : undefined,
      }),
    }),
  );
}

function buildArticles(): ExportEntity[] {
  return ARTICLES.map((article) =>
    createEntry({
      id: `article-${article.slug}`,
      contentType: 'article',
      ...(article.draft ? neverPublished(article.publishDate) : publishedOn(article.publishDate)),
      tags: article.draft ? [...article.tags, PRIVATE_TAG_ID] : article.tags,
      fields: {
        title: article.title,
        slug: single(article.slug),
        excerpt: article.excerpt,
        body: richText(article.body),
        heroImage: single(toLink('Asset', `hero-${article.slug}`)),
        author: single(toLink('Entry', `person-${article.author}`)),
        publishDate: single(article.publishDate),
      },
    }),
  );
}

function buildModelEntries(models: BuiltModel[]): ExportEntity[] {
  return models.map(({ data, fileAssetId, posterAssetId, dimensions }) =>
    createEntry({
      id: `model-${data.slug}`,
      contentType: 'model',
      ...publishedOn(data.publishedOn, 6),
      tags: data.tags,
      concepts: [data.concept],
      fields: {
        name: data.name,
        slug: single(data.slug),
        summary: data.summary,
        description: richText(data.description),
        file: single(toLink('Asset', fileAssetId)),
        poster: single(toLink('Asset', posterAssetId)),
        dimensions: single(dimensions),
        camera: single(data.camera),
        autoRotate: single(data.autoRotate),
        featured: single(data.featured),
      },
    }),
  );
}

function buildPeople(): ExportEntity[] {
  return PEOPLE.map((person) =>
    createEntry({
      id: `person-${person.slug}`,
      contentType: 'person',
      ...publishedOn('2025-01-06', 2),
      fields: { name: person.name, avatar: single(toLink('Asset', `avatar-${person.slug}`)), bio: person.bio },
    }),
  );
}

export function buildEntries(models: BuiltModel[]): ExportEntity[] {
  return [buildSiteSettings(), ...buildPeople(), ...buildPages(), ...buildModelEntries(models), ...buildArticles()];
}
