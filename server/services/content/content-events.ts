import { ALL_TAGS_DEPENDENCY, tagDependency, TAXONOMY_DEPENDENCY } from '#server/services/content/taxonomy.ts';

import type { CdaEngine } from '#server/embedded/contentful/engine.ts';
import type { ReplicaChanges, SyncTarget } from '#server/services/content/replica.ts';
import type { Logger } from 'pino';

/**
 * One content change a sync of the replica made (`action`: publish, unpublish, save). `affectedIds`: entries and
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

interface MetadataChange extends ChangeBase {
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
 * entries linking to it, a tag with the entries carrying it (now, or before this sync), the taxonomy. The engine is the replica as it is now.
 */
export function toContentChanges(changes: ReplicaChanges, engine: Pick<CdaEngine, 'linking' | 'tagged'> | undefined): ContentChange[] {
  const entities = changes.entities.map(({ kind, id, before, after }): ContentChange => {
    const contentType = (after ?? before)?.contentTypeId;
    const linking = kind === 'Entry' ? (engine?.linking(id) ?? []).map((entity) => entity.id) : [];
    return { action: after ? 'publish' : 'unpublish', entityType: kind, id, ...(contentType ? { contentType } : {}), affectedIds: [id, ...linking] };
  });
  // A deleted tag has left the entries too: the ones that carried it are among this sync's changes.
  const carried = (tagId: string) => changes.entities.flatMap(({ id, before }) => (before?.metadata.tags.some((tag) => tag.sys.id === tagId) ? [id] : []));
  const tags = changes.tags.map((id): ContentChange => ({
    action: 'save',
    entityType: 'Tag',
    id,
    affectedIds: [...new Set([...(engine?.tagged(id) ?? []), ...carried(id)])],
    markers: [tagDependency(id), ALL_TAGS_DEPENDENCY],
  }));
  const taxonomy: ContentChange[] = changes.taxonomy
    ? [{ action: 'save', entityType: 'TaxonomyConcept', id: 'taxonomy', affectedIds: [], markers: [TAXONOMY_DEPENDENCY] }]
    : [];
  return [...entities, ...tags, ...taxonomy];
}

/**
 * Embedded mode's stand-in for the replica's syncs: the export does not change while the process runs, so a webhook (or another
 * instance's, over the bus) only evicts what it names, the entity with what links to it, or everything for the model (ADR 061).
 */
export function createEmbeddedSync(engine: Pick<CdaEngine, 'delivered'>, onChange: (changes: ReplicaChanges) => Promise<void> | void) {
  const none = { entities: [], tags: [], taxonomy: false, model: false };
  return {
    async catchUp({ kind, id, gone }: SyncTarget): Promise<boolean> {
      const entity = engine.delivered(kind, id);
      await onChange({ ...none, entities: [{ kind, id, before: entity, after: gone ? undefined : entity }] });
      return true;
    },
    syncModel: async () => onChange({ ...none, model: true }),
  };
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
