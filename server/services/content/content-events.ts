import type { Logger } from 'pino';

/** One content change reported by Contentful's webhook, after cache invalidation. */
export interface ContentChange {
  action: string;
  entityType: 'Entry' | 'Asset';
  id: string;
  contentType?: string;
  /** The changed entity plus every entry that links to it. */
  affectedIds: string[];
}

export type ContentChangeListener = (change: ContentChange) => Promise<void> | void;

/** A tiny fan-out for content changes (search index, page cache); a failing listener is logged, never fatal. */
export function createContentEvents(logger: Logger) {
  const listeners: ContentChangeListener[] = [];
  return {
    subscribe(listener: ContentChangeListener): void {
      listeners.push(listener);
    },
    async emit(change: ContentChange): Promise<void> {
      const results = await Promise.allSettled(listeners.map(async (l) => l(change)));
      for (const r of results) if (r.status === 'rejected') logger.error({ err: r.reason, id: change.id }, 'content change listener failed');
    },
  };
}

export type ContentEvents = ReturnType<typeof createContentEvents>;
