import type { Taxonomy } from '#server/services/content/taxonomy.ts';
import type { Locale } from '#shared/content/types.ts';
import type { CategoryNode } from '#shared/data/content-api.ts';

/** The taxonomy as a tree with model counts (a concept's count includes its narrower concepts). */
export function categoryTree(taxonomy: Taxonomy, counts: ReadonlyMap<string, number>, locale: Locale): CategoryNode[] {
  const build = (id: string, depth: number): CategoryNode | undefined => {
    const category = taxonomy.category(id, locale);
    if (!category || depth > 10) return undefined;
    const children = taxonomy
      .children(id)
      .flatMap((child) => build(child, depth + 1) ?? [])
      .sort((a, b) => a.label.localeCompare(b.label, locale));
    const own = counts.get(id) ?? 0;
    return { ...category, children, modelCount: own + children.reduce((sum, c) => sum + c.modelCount, 0) };
  };
  return taxonomy
    .roots()
    .flatMap((id) => build(id, 0) ?? [])
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
