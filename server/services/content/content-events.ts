import { ALL_TAGS_DEPENDENCY, tagDependency, TAXONOMY_DEPENDENCY } from '#server/services/content/taxonomy.ts';

import type { CdaEngine } from '#server/embedded/contentful/engine.ts';
import { NO_CHANGES } from '#server/services/content/replica-source.ts';

import type { ReplicaChanges, SyncTarget } from '#server/services/content/replica.ts';
import type { Logger } from 'pino';

// `affectedIds`: entries and assets whose content or search records changed (none for taxonomy: records carry no categories).
export type ContentChange = { action: string; id: string; affectedIds: string[] } & (
  { entityType: 'Entry' | 'Asset'; contentType?: string } | { entityType: 'Tag' | 'TaxonomyConcept'; markers: string[] }
);

type ContentChangeListener = (change: ContentChange) => Promise<void> | void;

export function dependenciesOf(change: ContentChange): string[] {
  if ('markers' in change) return change.markers;
  return [...change.affectedIds, ...(change.contentType ? [`type:${change.contentType}`] : [])];
}

/** A tag's change affects the entries carrying it now or before this sync. */
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

/** Embedded mode's stand-in for the replica: the export does not change while the process runs, so a webhook only evicts what it names. */
export function createEmbeddedSync(engine: Pick<CdaEngine, 'delivered'>, onChange: (changes: ReplicaChanges) => Promise<void> | void) {
  return {
    async catchUp({ kind, id, gone }: SyncTarget): Promise<boolean> {
      const entity = engine.delivered(kind, id);
      await onChange({ ...NO_CHANGES, entities: [{ kind, id, before: entity, after: gone ? undefined : entity }] });
      return true;
    },
    syncModel: async () => onChange({ ...NO_CHANGES, model: true }),
  };
}

/** A failing listener is logged, never fatal. */
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
