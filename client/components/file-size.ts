import type { Locale } from '#shared/content/types.ts';

const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/** The unit by hand: ICU versions differ in unit spacing, and hydration needs equal text (ADR 030). */
export function formatFileSize(bytes: number, locale: Locale): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${UNITS[unit]}`;
}
