import { LOCALES } from '#shared/content/types.ts';

import type { Locale } from '#shared/content/types.ts';

/**
 * `ALGOLIA_INDEX` is a prefix: each locale has its own index named
 * `${prefix}_${locale}` (`vitrine_en-US`, `vitrine_de-DE`), in Algolia and in
 * the embedded engine alike (docs/decisions/003-embedded-search-engine.md).
 */
export function toIndexName(prefix: string, locale: Locale): string {
  return `${prefix}_${locale}`;
}

/** The locale an index name stands for, or `undefined` when it is not one of ours. */
export function getIndexLocale(prefix: string, indexName: string): Locale | undefined {
  return LOCALES.find((locale) => toIndexName(prefix, locale) === indexName);
}
