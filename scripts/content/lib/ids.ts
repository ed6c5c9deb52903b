import { createHash } from 'node:crypto';

/** Identity of the embedded demo space (docs/content-model.md). */
export const SPACE_ID = 'vitrine-demo';
export const ENVIRONMENT_ID = 'master';
export const DEFAULT_LOCALE = 'en-US';
export const LOCALES = ['en-US', 'de-DE'] as const;
export type LocaleCode = (typeof LOCALES)[number];

/** A value per locale; a missing `de-DE` falls back to `en-US` on delivery. */
export type Localized<T> = { 'en-US': T; 'de-DE'?: T };

export interface Link<T extends string = string> {
  sys: { type: 'Link'; linkType: T; id: string };
}

export function toLink<T extends string>(linkType: T, id: string): Link<T> {
  return { sys: { type: 'Link', linkType, id } };
}

/** The Contentful user every demo record claims as author (export files carry these links). */
export const DEMO_USER = toLink('User', 'vitrine-demo-editor');
export const SPACE_LINK = toLink('Space', SPACE_ID);
export const ENVIRONMENT_LINK = toLink('Environment', ENVIRONMENT_ID);

/** URN of an entry for resource links (cross-space references). */
export function toEntryUrn(entryId: string, spaceId: string = SPACE_ID): string {
  return `crn:contentful:::content:spaces/${spaceId}/entries/${entryId}`;
}

/** The 32-hex path token Contentful puts in asset URLs, derived from the bytes so it changes when the file does. */
export function toAssetToken(assetId: string, bytes: Uint8Array): string {
  return createHash('sha256').update(assetId).update(bytes).digest('hex').slice(0, 32);
}

/** ISO timestamp with milliseconds, the way the Contentful APIs write them. */
export function toTimestamp(date: string, time = '09:00:00'): string {
  return new Date(`${date}T${time}.000Z`).toISOString();
}

export function addMinutes(timestamp: string, minutes: number): string {
  return new Date(Date.parse(timestamp) + minutes * 60_000).toISOString();
}
