import { Highlight, Snippet } from 'react-instantsearch';

import type { Hit } from 'instantsearch.js';
import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchLabels } from '../labels.ts';

export type SearchHit = Hit<{ [K in keyof SearchRecord]: SearchRecord[K] }>;

/** `<Highlight>` splits InstantSearch's escaped value into text nodes and `<mark>`s: HTML in a record or a query is never parsed. */
export function HitTitle({ hit }: { hit: SearchHit }) {
  return <Highlight attribute="title" hit={hit} />;
}

/** A model's facts, then a body snippet when the body matched, else the summary. */
export function HitExcerpt({ hit }: { hit: SearchHit }) {
  const snippet = (hit._snippetResult as { body?: { matchLevel?: string } } | undefined)?.body;
  const bodyMatched = !!snippet?.matchLevel && snippet.matchLevel !== 'none';
  const summaryHighlighted = !!hit._highlightResult && 'summary' in hit._highlightResult;
  return (
    <>
      {hit.facts?.length ? (
        <span className="hit-facts">
          <Highlight attribute="facts" hit={hit} separator=" · " />
        </span>
      ) : null}
      {bodyMatched ? <Snippet attribute="body" hit={hit} /> : summaryHighlighted ? <Highlight attribute="summary" hit={hit} /> : hit.summary}
    </>
  );
}

/** A spinner only once a search counts as stalled, so faster answers never flicker. */
export function SearchStatus({ status, labels, onRetry }: { status: 'idle' | 'loading' | 'stalled' | 'error'; labels: SearchLabels; onRetry: () => void }) {
  if (status === 'stalled') {
    return (
      <div className="search-status" data-status="stalled">
        <span className="search-spinner" aria-hidden="true" />
        {labels.searching}
      </div>
    );
  }
  if (status !== 'error') return null;
  return (
    <div className="search-status" data-status="error" role="alert">
      {labels.unavailable}
      <button type="button" onClick={onRetry}>
        {labels.retry}
      </button>
    </div>
  );
}
