import { getStatusMessage } from './viewer-status.ts';

import type { ViewerStatus } from './viewer-status.ts';

/**
 * What sits over the poster: the download progress and, when something went
 * wrong, a message with Retry. The message region is always rendered so
 * screen readers announce it when it fills.
 */
export function ViewerOverlay({ status, onRetry }: { status: ViewerStatus; onRetry: () => void }) {
  const message = getStatusMessage(status);
  const percent = status.progress === null ? undefined : Math.round(status.progress * 100);

  return (
    <>
      {status.state === 'loading' && (
        <div
          className={status.progress === null ? 'mv-progress mv-progress--indeterminate' : 'mv-progress'}
          role="progressbar"
          aria-label="Loading 3D model"
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
            <p className="mv-message__text">{message.text}</p>
            {message.canRetry && (
              <button type="button" className="mv-button" onClick={onRetry}>
                Retry
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
