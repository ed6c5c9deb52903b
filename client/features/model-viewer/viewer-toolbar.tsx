import { getCanvasLabels } from './canvas-labels.ts';
import { ShareButton } from './share.tsx';

import type { Locale } from '#shared/content/types.ts';

interface ViewerToolbarProps {
  locale: Locale;
  onReset: () => void;
  /** Omitted when the model has no animation. */
  playback?: { isPlaying: boolean; onToggle: () => void };
  /** The Fullscreen API, or the page-level fallback where it is missing. */
  fullscreen?: { isFullscreen: boolean; onToggle: () => void };
  /** "Save image": a PNG of the current view. */
  onSaveImage?: () => void;
  /** Omitted until the model is measured; `describedBy`: the numbers for assistive tech. */
  dimensions?: { isShown: boolean; onToggle: () => void; describedBy: string };
  /** "Copy link to this view": only the viewer whose view the page's address carries. */
  share?: { getLink: () => string | null };
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

/** Play/pause, dimensions, reset view, copy link, save image and fullscreen: real buttons, named for assistive tech. */
export function ViewerToolbar({ locale, onReset, playback, fullscreen, dimensions, share, onSaveImage }: ViewerToolbarProps) {
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
      {dimensions && (
        <button
          type="button"
          className="mv-button mv-button--icon"
          aria-label={t.showDimensions}
          title={t.showDimensions}
          aria-pressed={dimensions.isShown}
          aria-describedby={dimensions.describedBy}
          onClick={dimensions.onToggle}
        >
          <svg {...ICON_PROPS}>
            <path d="M3 8.5 8.5 3 21 15.5 15.5 21z M7 7l2 2 M10 5.5l1.5 1.5 M12.5 8.5l2 2 M15.5 11l1.5 1.5" />
          </svg>
        </button>
      )}
      <button type="button" className="mv-button mv-button--icon" aria-label={t.resetView} title={t.resetView} onClick={onReset}>
        <svg {...ICON_PROPS}>
          <path d="M3 12a9 9 0 1 0 3-6.7" />
          <path d="M3 4v5h5" />
        </svg>
      </button>
      {share && (
        <ShareButton
          locale={locale}
          getLink={share.getLink}
          icon={
            <svg {...ICON_PROPS}>
              <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L12 5.6 M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
            </svg>
          }
        />
      )}
      {onSaveImage && (
        <button type="button" className="mv-button mv-button--icon" aria-label={t.saveImage} title={t.saveImage} onClick={onSaveImage}>
          <svg {...ICON_PROPS}>
            <path d="M12 4v11 M7 10l5 5 5-5 M4 19h16" />
          </svg>
        </button>
      )}
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
