import type { MapContext } from '#server/services/content/mapper.ts';
import type { Taxonomy } from '#server/services/content/taxonomy.ts';

/** Marker of results that list every tag: any tag created, renamed or deleted makes them stale. */
export const ALL_TAGS_DEPENDENCY = 'tags';

/** Marker of results that read the taxonomy (labels, breadcrumbs, category filters, the tree). */
export const TAXONOMY_DEPENDENCY = 'taxonomy';

/** Marker of results that show tag `id` (or asked for it): its rename or deletion makes them stale. */
export function tagDependency(id: string): string {
  return `tag:${id}`;
}

/**
 * The map context of one query, recording into `deps` what the mapping
 * reads of the space's tags and taxonomy: `tag:<id>` per tag looked up,
 * `tags` when all are listed, `taxonomy` when any concept is consulted.
 * Results that read neither (pages, site settings, untagged entries) get no
 * marker, so tag and taxonomy webhooks leave them cached
 * (docs/decisions/010-tag-and-taxonomy-dependencies.md).
 */
export function recordMetadataReads(ctx: MapContext, deps: Set<string>): MapContext {
  return { ...ctx, tagNames: recordTagReads(ctx.tagNames, deps), taxonomy: recordTaxonomyReads(ctx.taxonomy, deps) };
}

function recordTagReads(names: ReadonlyMap<string, string>, deps: Set<string>): ReadonlyMap<string, string> {
  const one = (id: string) => deps.add(tagDependency(id));
  const all = () => (deps.add(ALL_TAGS_DEPENDENCY), names);
  return {
    get: (id) => (one(id), names.get(id)),
    has: (id) => (one(id), names.has(id)),
    get size() {
      return all().size;
    },
    forEach: (callback, thisArg?: unknown) => all().forEach(callback, thisArg),
    entries: () => all().entries(),
    keys: () => all().keys(),
    values: () => all().values(),
    [Symbol.iterator]: () => all()[Symbol.iterator](),
  };
}

function recordTaxonomyReads(taxonomy: Taxonomy, deps: Set<string>): Taxonomy {
  const read = () => (deps.add(TAXONOMY_DEPENDENCY), taxonomy);
  return {
    category: (id, locale) => read().category(id, locale),
    descendants: (id) => read().descendants(id),
    roots: () => read().roots(),
    children: (id) => read().children(id),
    has: (id) => read().has(id),
  };
}
