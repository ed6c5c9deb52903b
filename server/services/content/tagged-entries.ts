import type { SdkEntry } from '#server/services/content/mapper.ts';
import type { Logger } from 'pino';

/** The CDA's largest page. */
const PAGE_SIZE = 1000;

/**
 * Which tags each published entry carried when the ContentService last read
 * it, and the lookup of the entries carrying a tag. A tag's webhook arrives
 * after the change: once a tag is deleted the CDA no longer reports it on
 * any entry, so the entries whose search records still show it are known
 * only from what was read before.
 */
export interface TaggedEntries {
  /** Notes the tags of entries read with their metadata (a `select` without it tells nothing). */
  remember(items: readonly SdkEntry[]): void;
  /** Ids of the entries the CDA reports with tag `tagId` now, plus those last read with it. */
  lookup(getEntries: (query: Record<string, unknown>) => Promise<unknown>, tagId: string): Promise<string[]>;
}

export function createTaggedEntries(log: Logger): TaggedEntries {
  // Bounded by the space: one item per published entry ever read.
  const tagsByEntry = new Map<string, readonly string[]>();
  return {
    remember(items) {
      for (const { sys, metadata } of items) {
        const tagIds = metadata?.tags?.map((link) => link.sys.id);
        if (metadata) tagsByEntry.set(sys.id, tagIds ?? []);
      }
    },
    async lookup(getEntries, tagId) {
      const ids = new Set([...tagsByEntry].flatMap(([entryId, tags]) => (tags.includes(tagId) ? [entryId] : [])));
      try {
        for (let skip = 0, total = 1; skip < total; skip += PAGE_SIZE) {
          const res = (await getEntries({ 'metadata.tags.sys.id[in]': tagId, select: 'sys.id', skip, limit: PAGE_SIZE })) as {
            items: SdkEntry[];
            total: number;
          };
          for (const item of res.items) ids.add(item.sys.id);
          total = res.total;
        }
      } catch (error) {
        // What was read before still names the entries that showed the tag.
        log.warn({ err: error, tagId }, 'tagged entries query failed');
      }
      return [...ids];
    },
  };
}
