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
