import { DEMO_USER, ENVIRONMENT_LINK, SPACE_LINK, toLink } from './ids.ts';
import { hashString } from './random.ts';

import type { Link, Localized } from './ids.ts';

/**
 * Builders for the records of a `contentful space export` file (CMA shapes:
 * every field keyed by locale, sys with versions and publishing metadata).
 */
export type LocalizedFields = Record<string, Localized<unknown>>;

export interface Metadata {
  tags: Link<'Tag'>[];
  concepts: Link<'TaxonomyConcept'>[];
}

export interface ExportEntity {
  metadata?: Metadata;
  sys: Record<string, unknown> & { id: string; type: string };
  fields: LocalizedFields;
}

export interface PublishInfo {
  createdAt: string;
  updatedAt: string;
  /** Missing for a draft that was never published. */
  publishedAt?: string;
}

function toPublishSys(id: string, info: PublishInfo): Record<string, unknown> {
  const seed = hashString(id);
  const edits = 2 + (seed % 7);
  if (!info.publishedAt) {
    return { createdAt: info.createdAt, updatedAt: info.updatedAt, createdBy: DEMO_USER, updatedBy: DEMO_USER, publishedCounter: 0, version: edits + 1 };
  }
  const republished = seed % 3 === 0;
  return {
    createdAt: info.createdAt,
    updatedAt: info.updatedAt,
    createdBy: DEMO_USER,
    updatedBy: DEMO_USER,
    publishedVersion: edits + (republished ? 2 : 0),
    publishedAt: info.publishedAt,
    firstPublishedAt: republished ? info.createdAt.replace(/T.*$/, 'T16:30:00.000Z') : info.publishedAt,
    publishedBy: DEMO_USER,
    publishedCounter: republished ? 2 : 1,
    version: edits + (republished ? 3 : 1),
  };
}

function toMetadata(tags: readonly string[], concepts: readonly string[]): Metadata {
  return { tags: tags.map((id) => toLink('Tag', id)), concepts: concepts.map((id) => toLink('TaxonomyConcept', id)) };
}

export interface EntryInput extends PublishInfo {
  id: string;
  contentType: string;
  fields: LocalizedFields;
  tags?: readonly string[];
  concepts?: readonly string[];
}

export function createEntry(input: EntryInput): ExportEntity {
  return {
    metadata: toMetadata(input.tags ?? [], input.concepts ?? []),
    sys: {
      space: SPACE_LINK,
      id: input.id,
      type: 'Entry',
      environment: ENVIRONMENT_LINK,
      ...toPublishSys(input.id, input),
      automationTags: [],
      contentType: toLink('ContentType', input.contentType),
    },
    fields: input.fields,
  };
}

export interface AssetFile {
  url: string;
  fileName: string;
  contentType: string;
  details: { size: number; image?: { width: number; height: number } };
}

export interface AssetInput extends PublishInfo {
  id: string;
  title: Localized<string>;
  description?: Localized<string>;
  file: AssetFile;
  tags?: readonly string[];
}

export function createAsset(input: AssetInput): ExportEntity {
  const fields: LocalizedFields = { title: input.title, file: { 'en-US': input.file } };
  if (input.description) fields['description'] = input.description;
  return {
    metadata: toMetadata(input.tags ?? [], []),
    sys: { space: SPACE_LINK, id: input.id, type: 'Asset', environment: ENVIRONMENT_LINK, ...toPublishSys(input.id, input) },
    fields,
  };
}

/** Content-model records (content types, editor interfaces, tags, locales) share this sys. */
export function createModelSys(id: string, type: string, timestamp: string, published: boolean): Record<string, unknown> {
  const base = { space: SPACE_LINK, id, type, environment: ENVIRONMENT_LINK };
  if (!published) return { ...base, createdAt: timestamp, updatedAt: timestamp, createdBy: DEMO_USER, updatedBy: DEMO_USER, version: 1 };
  return { ...base, ...toPublishSys(id, { createdAt: timestamp, updatedAt: timestamp, publishedAt: timestamp }) };
}
