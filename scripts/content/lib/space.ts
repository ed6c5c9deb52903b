import { createHash } from 'node:crypto';

import { fnv1a } from '#shared/hash.ts';

// Records of a `contentful space export` file.
export const SPACE_ID = 'vitrine-demo';

export type Localized<T> = { 'en-US': T; 'de-DE'?: T };
export type LocalizedFields = Record<string, Localized<unknown>>;
export const single = <T>(value: T): Localized<T> => ({ 'en-US': value });

type Link<T extends string> = { sys: { type: 'Link'; linkType: T; id: string } };

export interface ExportEntity {
  metadata: { tags: Link<'Tag'>[]; concepts: Link<'TaxonomyConcept'>[] };
  sys: Record<string, unknown> & { id: string; type: string };
  fields: LocalizedFields;
}

export interface PublishInfo {
  createdAt: string;
  updatedAt: string;
  publishedAt?: string;
}

export function toLink<T extends string>(linkType: T, id: string): Link<T> {
  return { sys: { type: 'Link', linkType, id } };
}

const DEMO_USER = toLink('User', 'vitrine-demo-editor');
const SPACE_LINK = toLink('Space', SPACE_ID);
const ENVIRONMENT_LINK = toLink('Environment', 'master');

export function toEntryUrn(entryId: string): string {
  return `crn:contentful:::content:spaces/${SPACE_ID}/entries/${entryId}`;
}

/** Derived from the bytes so the URL changes when the file does. */
export function toAssetToken(assetId: string, bytes: Uint8Array): string {
  return createHash('sha256').update(assetId).update(bytes).digest('hex').slice(0, 32);
}

function addMinutes(timestamp: string, minutes: number): string {
  return new Date(Date.parse(timestamp) + minutes * 60_000).toISOString();
}

export function publishedOn(date: string, draftedDaysBefore = 4): PublishInfo {
  const publishedAt = new Date(`${date}T09:00:00.000Z`).toISOString();
  return { createdAt: addMinutes(publishedAt, -draftedDaysBefore * 24 * 60 - 35), updatedAt: publishedAt, publishedAt };
}

export function uploadedBefore(date: string): PublishInfo {
  const publishedAt = addMinutes(publishedOn(date).updatedAt, -22 * 60 + 10);
  return { createdAt: addMinutes(publishedAt, -12), updatedAt: publishedAt, publishedAt };
}

export function neverPublished(date: string): PublishInfo {
  const updatedAt = addMinutes(publishedOn(date).updatedAt, -6 * 60 - 18);
  return { createdAt: addMinutes(updatedAt, -3 * 24 * 60), updatedAt };
}

function toPublishSys(id: string, info: PublishInfo): Record<string, unknown> {
  // A hash, so every run writes the same versions: never Math.random() here.
  const seed = fnv1a(id);
  const edits = 2 + (seed % 7);
  const authors = { createdAt: info.createdAt, updatedAt: info.updatedAt, createdBy: DEMO_USER, updatedBy: DEMO_USER };
  if (!info.publishedAt) return { ...authors, publishedCounter: 0, version: edits + 1 };
  const republished = seed % 3 === 0;
  return {
    ...authors,
    publishedVersion: edits + (republished ? 2 : 0),
    publishedAt: info.publishedAt,
    firstPublishedAt: republished ? info.createdAt.replace(/T.*$/, 'T16:30:00.000Z') : info.publishedAt,
    publishedBy: DEMO_USER,
    publishedCounter: republished ? 2 : 1,
    version: edits + (republished ? 3 : 1),
  };
}

function toMetadata(tags: string[] = [], concepts: string[] = []): ExportEntity['metadata'] {
  return { tags: tags.map((id) => toLink('Tag', id)), concepts: concepts.map((id) => toLink('TaxonomyConcept', id)) };
}

type EntryInput = PublishInfo & { id: string; contentType: string; fields: LocalizedFields; tags?: string[]; concepts?: string[] };

export function createEntry(input: EntryInput): ExportEntity {
  return {
    metadata: toMetadata(input.tags, input.concepts),
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

type AssetFile = { url: string; fileName: string; contentType: string; details: { size: number; image?: { width?: number; height?: number } } };

export function createAsset(input: PublishInfo & { id: string; title: Localized<string>; description?: Localized<string>; file: AssetFile }): ExportEntity {
  const fields: LocalizedFields = { title: input.title, file: { 'en-US': input.file } };
  if (input.description) fields['description'] = input.description;
  return {
    metadata: toMetadata(),
    sys: { space: SPACE_LINK, id: input.id, type: 'Asset', environment: ENVIRONMENT_LINK, ...toPublishSys(input.id, input) },
    fields,
  };
}

export function createModelSys(id: string, type: string, timestamp: string, published: boolean): Record<string, unknown> {
  const base = { space: SPACE_LINK, id, type, environment: ENVIRONMENT_LINK };
  if (!published) return { ...base, createdAt: timestamp, updatedAt: timestamp, createdBy: DEMO_USER, updatedBy: DEMO_USER, version: 1 };
  return { ...base, ...toPublishSys(id, { createdAt: timestamp, updatedAt: timestamp, publishedAt: timestamp }) };
}
