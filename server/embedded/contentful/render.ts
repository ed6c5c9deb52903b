import { pickLocalized } from './locales.ts';

import type { IndexedEntity, LinkRef } from './export-index.ts';
import type { LocaleSet } from './locales.ts';
import type { LocaleSelection } from './query-params.ts';

/**
 * An entry or asset as the CDA returns it: `{ metadata, sys, fields }`, with
 * field values in one locale (fallbacks applied, `sys.locale` set) or, for
 * `locale=*`, as locale maps. Shared and frozen: callers must not mutate it.
 */
export function renderEntity(entity: IndexedEntity, selection: LocaleSelection, locales: LocaleSet): Readonly<Record<string, unknown>> {
  return memoized(renderCache, entity, selection, () => freezeShallow(buildEntity(entity, selection, locales)));
}

/** The links an entity exposes in the requested locale(s): what `include` follows. */
export function linksOf(entity: IndexedEntity, selection: LocaleSelection, locales: LocaleSet): readonly LinkRef[] {
  return memoized(linksCache, entity, selection, () => buildLinks(entity, selection, locales));
}

// The index never changes, so an entity renders the same way every time in a
// given locale: render once, then share the (frozen) result across requests.
const renderCache = new WeakMap<IndexedEntity, Map<string, Readonly<Record<string, unknown>>>>();
const linksCache = new WeakMap<IndexedEntity, Map<string, readonly LinkRef[]>>();

function memoized<T>(cache: WeakMap<IndexedEntity, Map<string, T>>, entity: IndexedEntity, selection: LocaleSelection, build: () => T): T {
  const key = selection.all ? '*' : selection.code;
  let byLocale = cache.get(entity);
  if (!byLocale) {
    byLocale = new Map();
    cache.set(entity, byLocale);
  }
  let value = byLocale.get(key);
  if (value === undefined) {
    value = build();
    byLocale.set(key, value);
  }
  return value;
}

function freezeShallow(resource: Record<string, unknown>): Readonly<Record<string, unknown>> {
  for (const value of Object.values(resource)) Object.freeze(value);
  return Object.freeze(resource);
}

function buildEntity(entity: IndexedEntity, selection: LocaleSelection, locales: LocaleSet): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [fieldId, values] of Object.entries(entity.fields)) {
    const localized = entity.fieldDefs.get(fieldId)?.localized ?? true;
    if (selection.all) {
      const map = allLocales(values, localized, locales);
      if (map) fields[fieldId] = map;
      continue;
    }
    const picked = pickLocalized(values, localized, selection.view.chain, locales.defaultCode);
    if (picked) fields[fieldId] = picked.value;
  }
  return {
    metadata: entity.metadata,
    sys: selection.all ? entity.sys : { ...entity.sys, locale: selection.code },
    fields,
  };
}

function allLocales(values: Record<string, unknown>, localized: boolean, locales: LocaleSet): Record<string, unknown> | undefined {
  const map: Record<string, unknown> = {};
  for (const locale of locales.locales) {
    // Non-localized fields only ever have a value in the default locale.
    if (!localized && !locale.default) continue;
    const value = values[locale.code];
    if (value !== undefined && value !== null) map[locale.code] = value;
  }
  return Object.keys(map).length > 0 ? map : undefined;
}

function buildLinks(entity: IndexedEntity, selection: LocaleSelection, locales: LocaleSet): LinkRef[] {
  const result: LinkRef[] = [];
  for (const [fieldId, byLocale] of entity.links) {
    const localized = entity.fieldDefs.get(fieldId)?.localized ?? true;
    if (selection.all) {
      for (const [locale, refs] of byLocale) {
        if (locales.has(locale) && (localized || locale === locales.defaultCode)) result.push(...refs);
      }
      continue;
    }
    const picked = pickLocalized(entity.fields[fieldId], localized, selection.view.chain, locales.defaultCode);
    if (picked) result.push(...(byLocale.get(picked.locale) ?? []));
  }
  return result;
}
