import type { SdkEntry } from '#server/services/content/mapper.ts';
import type { Logger } from 'pino';

/** The CDA's largest page. */
const PAGE_SIZE = 1000;

/**
 * Which tags each published entry carried when last read, and the entries carrying a tag. A tag's webhook arrives after
 * the change: once a tag is deleted the CDA reports it on no entry, so only what was read before names those entries.
 */
export function createTaggedEntries(log: Logger) {
  // Bounded by the space: one item per published entry ever read.
  const tagsByEntry = new Map<string, readonly string[]>();
  return {
    /** Notes the tags of entries read with their metadata (a `select` without it tells nothing). */
    remember(items: readonly SdkEntry[]): void {
      for (const { sys, metadata } of items) {
        const tagIds = metadata?.tags?.map((link) => link.sys.id);
        if (metadata) tagsByEntry.set(sys.id, tagIds ?? []);
      }
    },
    /** Ids of the entries the CDA reports with tag `tagId` now, plus those last read with it. */
    async lookup(getEntries: (query: Record<string, unknown>) => Promise<unknown>, tagId: string): Promise<string[]> {
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
