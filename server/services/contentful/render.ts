import { pickLocalized } from './locales.ts';

import type { IndexedEntity, LinkRef } from './export-index.ts';
import type { LocaleSet } from './locales.ts';
import type { LocaleSelection } from './query-params.ts';

/**
 * An entry or asset as the CDA returns it: `{ metadata, sys, fields }`, with
 * field values in one locale (fallbacks applied, `sys.locale` set) or, for
 * `locale=*`, as locale maps.
 */
export function renderEntity(entity: IndexedEntity, selection: LocaleSelection, locales: LocaleSet): Record<string, unknown> {
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

/** The links an entity exposes in the requested locale(s): what `include` follows. */
export function linksOf(entity: IndexedEntity, selection: LocaleSelection, locales: LocaleSet): LinkRef[] {
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
