import type { Locale } from '#shared/content/types.ts';

/** UI strings of rich-text embeds (content strings come from Contentful). */
const LABELS = {
  'en-US': {
    unavailable: 'Linked content unavailable',
    download: 'Download',
    videoFallback: 'Your browser cannot play this video. Download it instead:',
  },
  'de-DE': {
    unavailable: 'Verknüpfter Inhalt nicht verfügbar',
    download: 'Herunterladen',
    videoFallback: 'Ihr Browser kann dieses Video nicht abspielen. Laden Sie es stattdessen herunter:',
  },
} satisfies Record<Locale, Record<string, string>>;

export type RichTextLabels = (typeof LABELS)['en-US'];

export function getRichTextLabels(locale: Locale): RichTextLabels {
  return LABELS[locale] ?? LABELS['en-US'];
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** `1.2 MB` / `1,2 MB`: decimal units, one fraction digit, in the document's locale. */
export function formatFileSize(bytes: number, locale: Locale): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
