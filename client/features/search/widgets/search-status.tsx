import type { SearchLabels } from '../labels.ts';

export type SearchStatusValue = 'idle' | 'loading' | 'stalled' | 'error';

/**
 * What a search is doing, when it is worth showing: a spinner once it counts as stalled (SEARCH_STALLED_DELAY_MS), a message with Retry after an error.
 * Loading faster than that shows nothing, so fast answers never flicker.
 */
export function SearchStatus({ status, labels, onRetry }: { status: SearchStatusValue; labels: SearchLabels; onRetry: () => void }) {
  if (status === 'stalled') {
    return (
      <div className="search-status" data-status="stalled">
        <span className="search-spinner" aria-hidden="true" />
        {labels.searching}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="search-status" data-status="error" role="alert">
        {labels.unavailable}
        <button type="button" onClick={onRetry}>
          {labels.retry}
        </button>
      </div>
    );
  }
  return null;
}
