import type { Logger } from 'pino';

/**
 * One content change reported by Contentful's webhook (`action`: publish, save, delete…). `affectedIds`: entries and
 * assets whose content or search records changed (the entity and the entries linking to it, or the entries carrying a
 * changed tag; none for taxonomy, as search records carry no categories).
 */
interface ChangeBase {
  action: string;
  id: string;
  affectedIds: string[];
}

export type ContentChange =
  | (ChangeBase & { entityType: 'Entry' | 'Asset'; contentType?: string })
  /** A tag or taxonomy change names the markers results recorded when they read it (`tag:<id>`, `tags`, `taxonomy`; taxonomy.ts). */
  | MetadataChange;

export interface MetadataChange extends ChangeBase {
  entityType: 'Tag' | 'TaxonomyConcept' | 'TaxonomyConceptScheme';
  markers: string[];
}

type ContentChangeListener = (change: ContentChange) => Promise<void> | void;

/** The dependencies a change makes stale: every cached result (content query or rendered page) that recorded one of them must go. */
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
