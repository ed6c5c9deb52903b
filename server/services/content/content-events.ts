import type { Logger } from 'pino';

interface ChangeBase {
  /** The webhook topic's action (`publish`, `save`, `delete`…). */
  action: string;
  id: string;
  /**
   * Entries and assets whose content or search records changed: the changed
   * entity plus every entry linking to it, or the entries carrying a changed
   * tag. Empty for taxonomy changes (search records carry no categories).
   */
  affectedIds: string[];
}

/** An entry or asset was published, unpublished, archived… */
export interface EntityChange extends ChangeBase {
  entityType: 'Entry' | 'Asset';
  contentType?: string;
}

/** A tag, taxonomy concept or concept scheme changed: what depends on it is named by dependency markers. */
export interface MetadataChange extends ChangeBase {
  entityType: 'Tag' | 'TaxonomyConcept' | 'TaxonomyConceptScheme';
  /** The markers results recorded when they read it (`tag:<id>`, `tags`, `taxonomy`; server/services/content/metadata-reads.ts). */
  markers: string[];
}

/** One content change reported by Contentful's webhook, after cache invalidation. */
export type ContentChange = EntityChange | MetadataChange;

export type ContentChangeListener = (change: ContentChange) => Promise<void> | void;

/**
 * The dependencies a change makes stale: every cached result (content query
 * or rendered page) that recorded one of them must go.
 */
export function dependenciesOf(change: ContentChange): string[] {
  if ('markers' in change) return change.markers;
  return [...change.affectedIds, ...(change.contentType ? [`type:${change.contentType}`] : [])];
}

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
