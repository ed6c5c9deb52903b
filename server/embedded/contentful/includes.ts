import { linksOf, renderEntity } from './render.ts';

import type { ApiScope, IndexedEntity, LinkRef } from './export-index.ts';
import type { LocaleSelection } from './query-params.ts';

export interface IncludedResources {
  includes?: { Entry?: Record<string, unknown>[]; Asset?: Record<string, unknown>[] };
  errors?: Record<string, unknown>[];
}

/**
 * Resolves links breadth first, `depth` levels from the items (`include`, 0–10).
 * Each entity appears once: items are not repeated in `includes`, and a
 * visited set ends link cycles. Links to entities this API cannot serve
 * (drafts on the CDA, archived or missing ones) become `notResolvable` errors.
 */
export function collectIncludes(items: readonly IndexedEntity[], depth: number, scope: ApiScope, selection: LocaleSelection): IncludedResources {
  const seen = new Set(items.map((item) => `${item.type}:${item.id}`));
  const entries: IndexedEntity[] = [];
  const assets: IndexedEntity[] = [];
  const unresolved = new Map<string, LinkRef>();
  let frontier: readonly IndexedEntity[] = items;
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const next: IndexedEntity[] = [];
    for (const entity of frontier) {
      for (const ref of linksOf(entity, selection, scope.locales)) {
        const key = `${ref.linkType}:${ref.id}`;
        if (seen.has(key) || unresolved.has(key)) continue;
        const target = ref.linkType === 'Entry' ? scope.entries.get(ref.id) : scope.assets.get(ref.id);
        if (!target) {
          unresolved.set(key, ref);
          continue;
        }
        seen.add(key);
        if (target.type === 'Entry') {
          entries.push(target);
          next.push(target);
        } else {
          assets.push(target);
        }
      }
    }
    frontier = next;
  }
  const result: IncludedResources = {};
  if (entries.length > 0 || assets.length > 0) {
    result.includes = {
      ...(entries.length > 0 ? { Entry: entries.map((entry) => renderEntity(entry, selection, scope.locales)) } : {}),
      ...(assets.length > 0 ? { Asset: assets.map((asset) => renderEntity(asset, selection, scope.locales)) } : {}),
    };
  }
  if (unresolved.size > 0) {
    result.errors = [...unresolved.values()].map((ref) => ({
      sys: { id: 'notResolvable', type: 'error' },
      details: { type: 'Link', linkType: ref.linkType, id: ref.id },
    }));
  }
  return result;
}
