import { addMinutes, toTimestamp } from '../lib/ids.ts';

import type { PublishInfo } from '../lib/export-entities.ts';

/** Plausible editorial timestamps around a publish date: drafted days before, published at 09:00 UTC. */
export function publishedOn(date: string, draftedDaysBefore = 4): PublishInfo {
  const publishedAt = toTimestamp(date);
  const createdAt = addMinutes(publishedAt, -draftedDaysBefore * 24 * 60 - 35);
  return { createdAt, updatedAt: publishedAt, publishedAt };
}

/** Assets are uploaded the day before the entry that uses them goes live. */
export function uploadedBefore(date: string): PublishInfo {
  const publishedAt = addMinutes(toTimestamp(date), -22 * 60 + 10);
  return { createdAt: addMinutes(publishedAt, -12), updatedAt: publishedAt, publishedAt };
}

export function neverPublished(date: string): PublishInfo {
  const updatedAt = addMinutes(toTimestamp(date), -6 * 60 - 18);
  return { createdAt: addMinutes(updatedAt, -3 * 24 * 60), updatedAt };
}
