import type { ExportLocale } from './space-export-schema.ts';

// How the CDA picks a locale's value: fallback chains per API, and the value a field shows in one locale.

export type LocaleSet = ReturnType<typeof createLocaleSet>;

/** The locales one API serves, with fallback chains precomputed (a chain stops at `null`, an unknown code or a cycle). */
export function createLocaleSet(all: readonly ExportLocale[], preview: boolean) {
  // The CDA hides locales that are switched off for delivery; the CPA shows them all.
  const locales = all.filter((locale) => preview || locale.contentDeliveryApi || locale.default);
  const byCode = new Map(locales.map((locale) => [locale.code, locale]));
  const chains = new Map<string, string[]>();
  for (const locale of locales) {
    const chain: string[] = [];
    for (let current: ExportLocale | undefined = locale; current && !chain.includes(current.code);) {
      chain.push(current.code);
      current = current.fallbackCode === null ? undefined : byCode.get(current.fallbackCode);
    }
    chains.set(locale.code, chain);
  }
  return {
    defaultCode: locales.find((locale) => locale.default)?.code ?? locales[0]?.code ?? 'en-US',
    has: (code: string) => byCode.has(code),
    chain: (code: string): readonly string[] => chains.get(code) ?? [code],
  };
}

/**
 * A field's value in one locale as the CDA picks it: non-localized fields always use the default locale;
 * localized ones walk the fallback chain and are omitted when no locale in it has a value.
 */
export function pickLocalized(values: Readonly<Record<string, unknown>> | undefined, isLocalized: boolean, chain: readonly string[], defaultCode: string) {
  for (const locale of isLocalized ? chain : [defaultCode]) {
    const value = values?.[locale];
    if (value !== undefined && value !== null) return { value, locale };
  }
  return undefined;
}
