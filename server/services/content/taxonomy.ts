import type { Category, Locale, Tag } from '#shared/content/types.ts';
import type { CategoryNode } from '#shared/data/content-api.ts';

type Concept = { sys: { id: string }; prefLabel: Record<string, string | undefined>; broader?: { sys: { id: string } }[] };

export type Taxonomy = ReturnType<typeof createTaxonomy>;

export interface MapContext {
  locale: Locale;
  tagName(id: string): string | undefined;
  allTags(): Tag[];
  taxonomy: Taxonomy;
}

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
    /** A Set's iteration reaches what is added during it: breadth first, each concept once even in a cycle. */
    descendants(id: string): string[] {
      const out = new Set([id]);
      for (const cur of out) for (const child of children.get(cur) ?? []) out.add(child);
      return [...out];
    },
    roots: () => concepts.map((c) => c.sys.id).filter((id) => !parentOf.has(id)),
    children: (id: string) => children.get(id) ?? [],
  };
}

/** A concept's count includes its narrower concepts. */
export function categoryTree(taxonomy: Taxonomy, counts: ReadonlyMap<string, number>, locale: Locale): CategoryNode[] {
  const build = (ids: string[], depth: number): CategoryNode[] =>
    ids
      .flatMap((id) => {
        const category = taxonomy.category(id, locale);
        if (!category || depth > 10) return [];
        const children = build(taxonomy.children(id), depth + 1);
        return [{ ...category, children, modelCount: (counts.get(id) ?? 0) + children.reduce((sum, c) => sum + c.modelCount, 0) }];
      })
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  return build(taxonomy.roots(), 0);
}

export const ALL_TAGS_DEPENDENCY = 'tags';
export const TAXONOMY_DEPENDENCY = 'taxonomy';
export const tagDependency = (id: string): string => `tag:${id}`;

/** Results that read no tag or taxonomy get no marker, so tag and taxonomy webhooks leave them cached. */
export function recordMetadataReads(ctx: MapContext, deps: Set<string>): MapContext {
  const taxonomy = Object.fromEntries(
    Object.entries(ctx.taxonomy).map(([name, read]: [string, (...args: never[]) => unknown]) => [
      name,
      (...args: never[]) => (deps.add(TAXONOMY_DEPENDENCY), read(...args)),
    ]),
  ) as Taxonomy;
  return {
    locale: ctx.locale,
    tagName: (id) => (deps.add(tagDependency(id)), ctx.tagName(id)),
    allTags: () => (deps.add(ALL_TAGS_DEPENDENCY), ctx.allTags()),
    taxonomy,
  };
}
