import { getCanvasLabels } from './canvas-labels.ts';

import type { Locale } from '#shared/content/types.ts';

interface ViewerToolbarProps {
  locale: Locale;
  onReset: () => void;
  /** Omitted when the model has no animation. */
  playback?: { isPlaying: boolean; onToggle: () => void };
  /** Omitted when the Fullscreen API is unavailable. */
  fullscreen?: { isFullscreen: boolean; onToggle: () => void };
}

const ICON_PROPS = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** Reset view, play/pause and fullscreen: real buttons, named for assistive tech. */
export function ViewerToolbar({ locale, onReset, playback, fullscreen }: ViewerToolbarProps) {
  const t = getCanvasLabels(locale);
  const playbackLabel = playback?.isPlaying ? t.pauseAnimation : t.playAnimation;
  const fullscreenLabel = fullscreen?.isFullscreen ? t.exitFullScreen : t.fullScreen;
  return (
    <div className="mv-toolbar">
      {playback && (
        <button type="button" className="mv-button mv-button--icon" aria-label={playbackLabel} title={playbackLabel} onClick={playback.onToggle}>
          <svg {...ICON_PROPS}>{playback.isPlaying ? <path d="M9 5v14M15 5v14" /> : <path d="M7 4.5v15l12-7.5z" />}</svg>
        </button>
      )}
      <button type="button" className="mv-button mv-button--icon" aria-label={t.resetView} title={t.resetView} onClick={onReset}>
        <svg {...ICON_PROPS}>
          <path d="M3 12a9 9 0 1 0 3-6.7" />
          <path d="M3 4v5h5" />
        </svg>
      </button>
      {fullscreen && (
        <button type="button" className="mv-button mv-button--icon" aria-label={fullscreenLabel} title={fullscreenLabel} onClick={fullscreen.onToggle}>
          <svg {...ICON_PROPS}>
            {fullscreen.isFullscreen ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
          </svg>
        </button>
      )}
    </div>
  );
}
