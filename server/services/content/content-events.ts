import { ALL_TAGS_DEPENDENCY, tagDependency, TAXONOMY_DEPENDENCY } from '#server/services/content/taxonomy.ts';

import type { ReplicaChanges } from '#server/services/content/replica.ts';
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

/**
 * The content changes one sync of the replica made (ADR 061), as the webhook used to report them: an entry or asset with the
 * entries linking to it, a tag with the entries carrying it, the taxonomy. `linking` and `tagged` read the replica as it is now.
 */
export async function toContentChanges(
  changes: ReplicaChanges,
  lookups: { linking: (id: string) => readonly { id: string }[]; tagged: (tagId: string) => Promise<string[]> },
): Promise<ContentChange[]> {
  const entities = changes.entities.map(({ kind, id, before, after }): ContentChange => {
    const contentType = (after ?? before)?.contentTypeId;
    const linking = kind === 'Entry' ? lookups.linking(id).map((entity) => entity.id) : [];
    return { action: after ? 'publish' : 'unpublish', entityType: kind, id, ...(contentType ? { contentType } : {}), affectedIds: [id, ...linking] };
  });
  const tags = await Promise.all(
    changes.tags.map(async (id): Promise<ContentChange> => ({
      action: 'save',
      entityType: 'Tag',
      id,
      affectedIds: await lookups.tagged(id),
      markers: [tagDependency(id), ALL_TAGS_DEPENDENCY],
    })),
  );
  const taxonomy: ContentChange[] = changes.taxonomy
    ? [{ action: 'save', entityType: 'TaxonomyConcept', id: 'taxonomy', affectedIds: [], markers: [TAXONOMY_DEPENDENCY] }]
    : [];
  return [...entities, ...tags, ...taxonomy];
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
