import { VIEWER_LABELS } from './labels.ts';
import { getStatusMessage } from './viewer-status.ts';

import type { Locale } from '#shared/content/types.ts';

import type { ViewerStatus } from './viewer-status.ts';

interface ViewerOverlayProps {
  status: ViewerStatus;
  locale: Locale;
  onRetry: () => void;
  onDismissNotice: () => void;
  /** A passing note from a control (why AR could not start). */
  note?: string | null;
}

/** The progress bar, and one live region (always rendered, so changes are announced politely). */
export function ViewerOverlay({ status, locale, onRetry, onDismissNotice, note = null }: ViewerOverlayProps) {
  const t = VIEWER_LABELS[locale];
  const message = getStatusMessage(status);
  const phase = status.state === 'loading' && (status.phase === 'decoding' || status.phase === 'preparing') ? t.phases[status.phase] : null;
  const notice = status.state === 'ready' && status.notice ? t.notices[status.notice] : null;
  // Once the bytes are in, the bar sweeps: decoding and compiling report no fraction.
  const fraction = phase ? null : status.progress;
  // A problem replaces the rest; else a phase, a dismissable notice, a control's note, as a compact pill.
  const texts = message ? [t.messages[message.kind]] : [phase, notice, note];
  return (
    <>
      {status.state === 'loading' && (
        <div
          className={fraction === null ? 'mv-progress mv-progress--indeterminate' : 'mv-progress'}
          role="progressbar"
          aria-label={t.loading}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
          aria-valuetext={phase ?? undefined}
        >
          <div className="mv-progress__bar" style={{ transform: `scaleX(${fraction ?? 1})` }} />
        </div>
      )}
      <div className={message ? 'mv-message' : 'mv-message mv-message--pill'} role="status">
        {texts.map(
          (text, i) =>
            text && (
              <p key={i} className="mv-message__text">
                {text}
              </p>
            ),
        )}
        {message?.canRetry && (
          <button type="button" className="mv-button" onClick={onRetry}>
            {t.retry}
          </button>
        )}
        {!message && notice && (
          <button type="button" className="mv-dismiss" aria-label={t.dismiss} title={t.dismiss} onClick={onDismissNotice}>
            <svg viewBox="0 0 16 16" width={14} height={14} aria-hidden="true">
              <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
    </>
  );
}
