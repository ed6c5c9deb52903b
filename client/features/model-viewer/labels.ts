import type { Locale } from '#shared/content/types.ts';

import type { LoadPhase, StatusMessageKind, ViewerNotice } from './viewer-status.ts';

type AfterDownload = Exclude<LoadPhase, 'downloading'>;

/** The shell's strings; the 3D chunk's own load with it (canvas-labels.ts). */
export const VIEWER_LABELS = {
  'en-US': {
    viewIn3d: 'View in 3D',
    loading: 'Loading 3D model',
    retry: 'Retry',
    unavailable: '3D view unavailable',
    phases: { decoding: 'Decoding…', preparing: 'Preparing materials…' } satisfies Record<AfterDownload, string>,
    notices: { 'missing-textures': 'Shown without some textures.' } satisfies Record<ViewerNotice, string>,
    dismiss: 'Dismiss note',
    ar: { view: 'View in your space', preparing: 'Preparing AR…', failed: 'Augmented reality could not start on this device.' },
    hotspots: 'Highlights',
    variants: 'Variants',
    showVariant: 'Show',
    messages: {
      'no-webgl': '3D preview needs WebGL, which this browser or device does not provide.',
      'load-failed': 'The 3D model could not be loaded.',
      crashed: 'The 3D preview stopped working.',
      'context-lost': 'The 3D preview was interrupted. Restoring…',
      'context-unrecoverable': 'The 3D preview could not be restored.',
    } satisfies Record<StatusMessageKind, string>,
  },
  'de-DE': {
    viewIn3d: 'In 3D ansehen',
    loading: '3D-Modell wird geladen',
    retry: 'Erneut versuchen',
    unavailable: '3D-Ansicht nicht verfügbar',
    phases: { decoding: 'Wird dekodiert…', preparing: 'Materialien werden vorbereitet…' } satisfies Record<AfterDownload, string>,
    notices: { 'missing-textures': 'Ohne einige Texturen dargestellt.' } satisfies Record<ViewerNotice, string>,
    dismiss: 'Hinweis schließen',
    ar: { view: 'In Ihrem Raum ansehen', preparing: 'AR wird vorbereitet…', failed: 'Augmented Reality konnte auf diesem Gerät nicht starten.' },
    hotspots: 'Besonderheiten',
    variants: 'Varianten',
    showVariant: 'Anzeigen',
    messages: {
      'no-webgl': 'Die 3D-Vorschau benötigt WebGL, das dieser Browser oder dieses Gerät nicht unterstützt.',
      'load-failed': 'Das 3D-Modell konnte nicht geladen werden.',
      crashed: 'Die 3D-Vorschau funktioniert nicht mehr.',
      'context-lost': 'Die 3D-Vorschau wurde unterbrochen und wird wiederhergestellt…',
      'context-unrecoverable': 'Die 3D-Vorschau konnte nicht wiederhergestellt werden.',
    } satisfies Record<StatusMessageKind, string>,
  },
} satisfies Record<Locale, Record<string, unknown>>;
