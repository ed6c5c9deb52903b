import type { Locale } from '#shared/content/types.ts';

/** They load with the AR chunk, not the page. */
export const AR_LABELS = {
  'en-US': {
    exit: 'Exit AR',
    loading: 'Loading the model…',
    findSurface: 'Move your phone slowly to find the floor or a table',
    place: 'Tap to place the model',
    placed: 'Drag to turn it, tap elsewhere to move it',
  },
  'de-DE': {
    exit: 'AR beenden',
    loading: 'Das Modell wird geladen…',
    findSurface: 'Bewegen Sie Ihr Telefon langsam, um den Boden oder einen Tisch zu finden',
    place: 'Tippen Sie, um das Modell abzustellen',
    placed: 'Ziehen zum Drehen, woanders tippen zum Versetzen',
  },
} satisfies Record<Locale, Record<string, string>>;

export type ArLabels = (typeof AR_LABELS)['en-US'];
