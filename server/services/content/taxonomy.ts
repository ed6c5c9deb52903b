import type { Category, Locale } from '#shared/content/types.ts';

/** A taxonomy concept as the CDA returns it (fields Vitrine reads). */
export interface SdkConcept {
  sys: { id: string };
  prefLabel: Record<string, string | undefined>;
  broader?: Array<{ sys: { id: string } }>;
}

/** Labels, parents and children of every concept, for breadcrumbs and category filters. */
export interface Taxonomy {
  category(id: string, locale: Locale): Category | undefined;
  /** The concept and all its narrower concepts (for "models in Furniture" filters). */
  descendants(id: string): string[];
  roots(): string[];
  children(id: string): string[];
  has(id: string): boolean;
}

export function createTaxonomy(concepts: SdkConcept[], defaultLocale: Locale): Taxonomy {
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
    const c = byId.get(id);
    return c?.prefLabel[locale] ?? c?.prefLabel[defaultLocale] ?? id;
  };
  return {
    has: (id) => byId.has(id),
    category(id, locale) {
      if (!byId.has(id)) return undefined;
      const path: Category['path'] = [];
      const seen = new Set<string>();
      for (let cur: string | undefined = id; cur && !seen.has(cur); cur = parentOf.get(cur)) {
        seen.add(cur);
        path.unshift({ id: cur, label: label(cur, locale) });
      }
      return { id, label: label(id, locale), path };
    },
    descendants(id) {
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
    children: (id) => children.get(id) ?? [],
  };
}
