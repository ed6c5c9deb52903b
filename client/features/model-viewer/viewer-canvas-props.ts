import type { RefObject } from 'react';

import type { Locale, ViewerSource } from '#shared/content/types.ts';

/**
 * The contract between the SSR-safe shell and the lazily loaded 3D chunk.
 * Type-only, so importing it never pulls three.js into the shell.
 */
export interface ViewerCanvasProps {
  source: ViewerSource;
  /** The page's locale: the chunk's own strings (canvas-labels.ts) follow it. */
  locale: Locale;
  /** Retry counter: a higher attempt discards a failed download of the same src. */
  attempt: number;
  /** The figure; the fullscreen button puts it in fullscreen. */
  figureRef: RefObject<HTMLElement | null>;
  onProgress: (src: string, loaded: number, total: number) => void;
  /** After the first frame that shows the model of `src`. */
  onFirstFrame: (src: string) => void;
  onLoadError: (src: string, error: unknown) => void;
  onContextLost: () => void;
}
