import type { ExportLocale } from './space-export.ts';

/** The locales one API (delivery or preview) serves, with fallback chains precomputed. */
export interface LocaleSet {
  defaultCode: string;
  locales: readonly ExportLocale[];
  has(code: string): boolean;
  /** `code`, then its `fallbackCode`, and so on; stops at `null`, an unknown code or a cycle. */
  chain(code: string): readonly string[];
}

export function createLocaleSet(all: readonly ExportLocale[], preview: boolean): LocaleSet {
  // The CDA hides locales that are switched off for delivery; the CPA shows them all.
  const locales = all.filter((locale) => preview || locale.contentDeliveryApi || locale.default);
  const byCode = new Map(locales.map((locale) => [locale.code, locale]));
  const defaultCode = locales.find((locale) => locale.default)?.code ?? locales[0]?.code ?? 'en-US';
  const chains = new Map<string, string[]>();
  for (const locale of locales) {
    const chain: string[] = [];
    let current: ExportLocale | undefined = locale;
    while (current && !chain.includes(current.code)) {
      chain.push(current.code);
      current = current.fallbackCode === null ? undefined : byCode.get(current.fallbackCode);
    }
    chains.set(locale.code, chain);
  }
  return {
    defaultCode,
    locales,
    has: (code) => byCode.has(code),
    chain: (code) => chains.get(code) ?? [code],
  };
}

/** Where a localized value was found. */
export interface LocalizedValue {
  value: unknown;
  locale: string;
}

/**
 * Picks a field's value for one locale as the CDA does: non-localized fields
 * always use the default locale; localized ones walk the fallback chain and are
 * omitted when no locale in it has a value.
 */
export function pickLocalized(
  values: Readonly<Record<string, unknown>> | undefined,
  isLocalized: boolean,
  chain: readonly string[],
  defaultCode: string,
): LocalizedValue | undefined {
  if (!values) return undefined;
  const candidates = isLocalized ? chain : [defaultCode];
  for (const locale of candidates) {
    const value = values[locale];
    if (value !== undefined && value !== null) return { value, locale };
  }
  return undefined;
}
