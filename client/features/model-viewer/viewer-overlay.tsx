import { getViewerLabels } from './labels.ts';
import { getStatusMessage } from './viewer-status.ts';

import type { Locale } from '#shared/content/types.ts';

import type { ViewerStatus } from './viewer-status.ts';

/**
 * What sits over the poster: the download progress and, when something went
 * wrong, a message with Retry. The message region is always rendered so
 * screen readers announce it when it fills.
 */
export function ViewerOverlay({ status, locale, onRetry }: { status: ViewerStatus; locale: Locale; onRetry: () => void }) {
  const t = getViewerLabels(locale);
  const message = getStatusMessage(status);
  const percent = status.progress === null ? undefined : Math.round(status.progress * 100);

  return (
    <>
      {status.state === 'loading' && (
        <div
          className={status.progress === null ? 'mv-progress mv-progress--indeterminate' : 'mv-progress'}
          role="progressbar"
          aria-label={t.loading}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="mv-progress__bar" style={{ transform: `scaleX(${status.progress ?? 1})` }} />
        </div>
      )}
      <div className="mv-message" role="status">
        {message && (
          <>
            <p className="mv-message__text">{t.messages[message.kind]}</p>
            {message.canRetry && (
              <button type="button" className="mv-button" onClick={onRetry}>
                {t.retry}
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
