import type { Category, Locale, Tag } from '#shared/content/types.ts';
import type { CategoryNode } from '#shared/data/content-api.ts';

/** What Vitrine reads of the SDK's taxonomy concepts. */
type Concept = { sys: { id: string }; prefLabel: Record<string, string | undefined>; broader?: { sys: { id: string } }[] };

export type Taxonomy = ReturnType<typeof createTaxonomy>;

/** What mapping an entry reads of its space besides the entry (mapper.ts): the locale, the tags' names and the taxonomy. */
export interface MapContext {
  locale: Locale;
  tagName(id: string): string | undefined;
  allTags(): Tag[];
  taxonomy: Taxonomy;
}

/** Labels, parents and children of every concept, for breadcrumbs and category filters. */
export function createTaxonomy(concepts: readonly Concept[], defaultLocale: Locale) {
  const byId = new Map(concepts.map((c) => [c.sys.id, c]));
  const children = new Map<string, string[]>();
  const parentOf = new Map<string, string>();
  for (const concept of concepts) {
    // A concept may have several broader concepts; the first one is its breadcrumb parent.
    const parent = concept.broader?.map((b) => b.sys.id).find((id) => byId.has(id));
    if (!parent) continue;
    parentOf.set(concept.sys.id, parent);
    children.set(parent, [...(children.get(parent) ?? []), concept.sys.id]);
  }
  const label = (id: string, locale: Locale) => {
    const labels = byId.get(id)?.prefLabel;
    return labels?.[locale] ?? labels?.[defaultLocale] ?? id;
  };
  return {
    has: (id: string) => byId.has(id),
    category(id: string, locale: Locale): Category | undefined {
      if (!byId.has(id)) return undefined;
      const path: Category['path'] = [];
      const seen = new Set<string>();
      for (let cur: string | undefined = id; cur && !seen.has(cur); cur = parentOf.get(cur)) {
        seen.add(cur);
        path.unshift({ id: cur, label: label(cur, locale) });
      }
      return { id, label: label(id, locale), path };
    },
    /** The concept and all its narrower concepts (for "models in Furniture" filters). */
    descendants(id: string): string[] {
      const out: string[] = [];
      const stack = [id];
      while (stack.length > 0) {
        const cur = stack.pop() as string;
        if (out.includes(cur)) continue;
        out.push(cur);
        stack.push(...(children.get(cur) ?? []));
      }
      return out;
    },
    roots: () => concepts.map((c) => c.sys.id).filter((id) => !parentOf.has(id)),
    children: (id: string) => children.get(id) ?? [],
  };
}

/** The taxonomy as a tree with model counts (a concept's count includes its narrower concepts). */
export function categoryTree(taxonomy: Taxonomy, counts: ReadonlyMap<string, number>, locale: Locale): CategoryNode[] {
  const build = (id: string, depth: number): CategoryNode | undefined => {
    const category = taxonomy.category(id, locale);
    if (!category || depth > 10) return undefined;
    const children = taxonomy
      .children(id)
      .flatMap((child) => build(child, depth + 1) ?? [])
      .sort((a, b) => a.label.localeCompare(b.label, locale));
    return { ...category, children, modelCount: (counts.get(id) ?? 0) + children.reduce((sum, c) => sum + c.modelCount, 0) };
  };
  return taxonomy
    .roots()
    .flatMap((id) => build(id, 0) ?? [])
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** Dependency markers (ADR 010): results that list every tag, that read the taxonomy, that show tag `id`. */
export const ALL_TAGS_DEPENDENCY = 'tags';
export const TAXONOMY_DEPENDENCY = 'taxonomy';
export const tagDependency = (id: string): string => `tag:${id}`;

/**
 * The map context of one query, recording into `deps` what the mapping reads of the space's tags and taxonomy.
 * Results that read neither (pages, site settings, untagged entries) get no marker, so tag and taxonomy webhooks leave them cached.
 */
export function recordMetadataReads(ctx: MapContext, deps: Set<string>): MapContext {
  const { taxonomy } = ctx;
  const read = () => (deps.add(TAXONOMY_DEPENDENCY), taxonomy);
  return {
    locale: ctx.locale,
    tagName: (id) => (deps.add(tagDependency(id)), ctx.tagName(id)),
    allTags: () => (deps.add(ALL_TAGS_DEPENDENCY), ctx.allTags()),
    taxonomy: {
      category: (id, locale) => read().category(id, locale),
      descendants: (id) => read().descendants(id),
      roots: () => read().roots(),
      children: (id) => read().children(id),
      has: (id) => read().has(id),
    },
  };
}
