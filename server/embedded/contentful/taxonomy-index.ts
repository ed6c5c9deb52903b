import type { ExportConcept, ExportConceptScheme, SpaceExport } from './space-export.ts';

/** Concepts and schemes by id, plus the broader/narrower graph for ancestor and descendant queries. */
export interface TaxonomyIndex {
  concepts: ReadonlyMap<string, ExportConcept>;
  conceptList: readonly ExportConcept[];
  schemes: ReadonlyMap<string, ExportConceptScheme>;
  schemeList: readonly ExportConceptScheme[];
  /** Concept ids in a scheme (its `concepts` list or the concepts naming it). */
  conceptIdsInScheme(schemeId: string): ReadonlySet<string>;
  /** Ancestor ids nearest first; `depth` limits the levels walked. */
  ancestors(id: string, depth?: number): string[];
  /** Descendant ids breadth first; `depth` limits the levels walked. */
  descendants(id: string, depth?: number): string[];
}

export function createTaxonomyIndex(taxonomy: SpaceExport['taxonomy']): TaxonomyIndex {
  const concepts = new Map(taxonomy.concepts.map((concept) => [concept.sys.id, concept]));
  const schemes = new Map(taxonomy.conceptSchemes.map((scheme) => [scheme.sys.id, scheme]));
  const parents = new Map<string, Set<string>>();
  const children = new Map<string, Set<string>>();
  const relate = (parent: string, child: string) => {
    addTo(parents, child, parent);
    addTo(children, parent, child);
  };
  for (const concept of taxonomy.concepts) {
    for (const link of concept.broader) relate(link.sys.id, concept.sys.id);
    for (const link of concept.narrower ?? []) relate(concept.sys.id, link.sys.id);
  }
  const membersByScheme = new Map<string, Set<string>>();
  for (const scheme of taxonomy.conceptSchemes) {
    for (const link of [...scheme.concepts, ...scheme.topConcepts]) addTo(membersByScheme, scheme.sys.id, link.sys.id);
  }
  for (const concept of taxonomy.concepts) {
    for (const link of concept.conceptSchemes) addTo(membersByScheme, link.sys.id, concept.sys.id);
  }
  return {
    concepts,
    conceptList: taxonomy.concepts,
    schemes,
    schemeList: taxonomy.conceptSchemes,
    conceptIdsInScheme: (schemeId) => membersByScheme.get(schemeId) ?? new Set(),
    ancestors: (id, depth) => walk(parents, id, depth),
    descendants: (id, depth) => walk(children, id, depth),
  };
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

/** Breadth-first walk that tolerates cycles in hand-edited exports. */
function walk(graph: ReadonlyMap<string, ReadonlySet<string>>, start: string, depth = Number.POSITIVE_INFINITY): string[] {
  const seen = new Set([start]);
  const result: string[] = [];
  let frontier = [start];
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const neighbour of graph.get(id) ?? []) {
        if (seen.has(neighbour)) continue;
        seen.add(neighbour);
        result.push(neighbour);
        next.push(neighbour);
      }
    }
    frontier = next;
  }
  return result;
}
