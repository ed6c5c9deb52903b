import type { ExportLocale } from './space-export-schema.ts';

export type LocaleSet = ReturnType<typeof createLocaleSet>;

/** A fallback chain stops at `null`, an unknown code or a cycle. */
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

/** Non-localized fields always read the default locale; a localized one without a value anywhere in its chain is omitted. */
export function pickLocalized(values: Readonly<Record<string, unknown>> | undefined, isLocalized: boolean, chain: readonly string[], defaultCode: string) {
  for (const locale of isLocalized ? chain : [defaultCode]) {
    const value = values?.[locale];
    if (value !== undefined && value !== null) return { value, locale };
  }
  return undefined;
}
