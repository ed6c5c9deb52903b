import { CANVAS_LABELS } from './canvas-labels.ts';
import { ShareButton } from './share.tsx';

import type { ButtonHTMLAttributes } from 'react';

import type { Locale } from '#shared/content/types.ts';

interface ViewerToolbarProps {
  locale: Locale;
  onReset: () => void;
  /** Omitted when the model has no animation. */
  playback?: { isPlaying: boolean; onToggle: () => void };
  fullscreen?: { isFullscreen: boolean; onToggle: () => void };
  onSaveImage?: () => void;
  /** Omitted until the model is measured; `describedBy`: the numbers for assistive tech. */
  dimensions?: { isShown: boolean; onToggle: () => void; describedBy: string };
  /** Only for the viewer whose view the page's address carries. */
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

/** `d`: the icon's SVG path. */
function IconButton({ label, d, ...props }: { label: string; d: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className="mv-button mv-button--icon" aria-label={label} title={label} {...props}>
      <svg {...ICON_PROPS}>
        <path d={d} />
      </svg>
    </button>
  );
}

export function ViewerToolbar({ locale, onReset, playback, fullscreen, dimensions, share, onSaveImage }: ViewerToolbarProps) {
  const t = CANVAS_LABELS[locale];
  return (
    <div className="mv-toolbar">
      {playback && (
        <IconButton
          label={playback.isPlaying ? t.pauseAnimation : t.playAnimation}
          d={playback.isPlaying ? 'M9 5v14M15 5v14' : 'M7 4.5v15l12-7.5z'}
          onClick={playback.onToggle}
        />
      )}
      {dimensions && (
        <IconButton
          label={t.showDimensions}
          d="M3 8.5 8.5 3 21 15.5 15.5 21z M7 7l2 2 M10 5.5l1.5 1.5 M12.5 8.5l2 2 M15.5 11l1.5 1.5"
          aria-pressed={dimensions.isShown}
          aria-describedby={dimensions.describedBy}
          onClick={dimensions.onToggle}
        />
      )}
      <IconButton label={t.resetView} d="M3 12a9 9 0 1 0 3-6.7 M3 4v5h5" onClick={onReset} />
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
      {onSaveImage && <IconButton label={t.saveImage} d="M12 4v11 M7 10l5 5 5-5 M4 19h16" onClick={onSaveImage} />}
      {fullscreen && (
        <IconButton
          label={fullscreen.isFullscreen ? t.exitFullScreen : t.fullScreen}
          d={fullscreen.isFullscreen ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'}
          onClick={fullscreen.onToggle}
        />
      )}
    </div>
  );
}
