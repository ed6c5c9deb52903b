import type { Locale } from '#shared/content/types.ts';

import type { HintKind } from './canvas-hooks.ts';

/** Only the 3D chunk imports these. */
export const CANVAS_LABELS = {
  'en-US': {
    canvas: (alt: string) => `${alt} (interactive 3D view)`,
    keyboardHelp: 'Arrow keys rotate the model, plus and minus zoom, Home resets the view.',
    hints: {
      keyboard: 'Arrow keys rotate · + and − zoom',
      touch: 'Swipe sideways to rotate · pinch to zoom',
      pointer: 'Drag to rotate · scroll to zoom',
    } satisfies Record<HintKind, string>,
    playAnimation: 'Play animation',
    pauseAnimation: 'Pause animation',
    resetView: 'Reset view',
    fullScreen: 'Full screen',
    exitFullScreen: 'Exit full screen',
    saveImage: 'Save image',
    saveImageFailed: 'The image could not be saved. Please try again.',
    showDimensions: 'Show dimensions',
    dimensionsSummary: ([width, height, depth]: string[]) => `Dimensions: width ${width}, height ${height}, depth ${depth}.`,
    /** Preview only: the entry states another value. */
    entryDimension: (value: string) => `Entry: ${value}`,
    copyLink: 'Copy link to this view',
    linkCopied: 'Link copied',
    copyThisLink: 'Copy this link',
    close: 'Close',
    picker: {
      title: 'Hotspot position (preview)',
      help: 'Click the model: paste position, normal and camera into a hotspot entry.',
      copy: (field: string) => `Copy ${field}`,
      copied: 'Copied',
    },
  },
  'de-DE': {
    canvas: (alt: string) => `${alt} (interaktive 3D-Ansicht)`,
    // German keyboards label the Home key "Pos1".
    keyboardHelp: 'Mit den Pfeiltasten drehen Sie das Modell, mit Plus und Minus zoomen Sie, Pos1 setzt die Ansicht zurück.',
    hints: {
      keyboard: 'Pfeiltasten zum Drehen · + und − zum Zoomen',
      touch: 'Zum Drehen seitlich wischen · mit zwei Fingern zoomen',
      pointer: 'Zum Drehen ziehen · zum Zoomen scrollen',
    } satisfies Record<HintKind, string>,
    playAnimation: 'Animation abspielen',
    pauseAnimation: 'Animation anhalten',
    resetView: 'Ansicht zurücksetzen',
    fullScreen: 'Vollbild',
    exitFullScreen: 'Vollbild beenden',
    saveImage: 'Bild speichern',
    saveImageFailed: 'Das Bild konnte nicht gespeichert werden. Bitte versuchen Sie es noch einmal.',
    showDimensions: 'Maße anzeigen',
    dimensionsSummary: ([width, height, depth]: string[]) => `Maße: Breite ${width}, Höhe ${height}, Tiefe ${depth}.`,
    entryDimension: (value: string) => `Eintrag: ${value}`,
    copyLink: 'Link zu dieser Ansicht kopieren',
    linkCopied: 'Link kopiert',
    copyThisLink: 'Diesen Link kopieren',
    close: 'Schließen',
    picker: {
      title: 'Hotspot-Position (Vorschau)',
      help: 'Klicken Sie auf das Modell: position, normal und camera in einen Hotspot-Eintrag einfügen.',
      copy: (field: string) => `${field} kopieren`,
      copied: 'Kopiert',
    },
  },
} satisfies Record<Locale, Record<string, unknown>>;
