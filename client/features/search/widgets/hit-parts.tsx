import { useCallback, useEffect, useRef, useState } from 'react';
import { Highlight, Snippet, useSearchBox } from 'react-instantsearch';

import { sanitizeQuery } from '#shared/search.ts';

import type { Hit } from 'instantsearch.js';
import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchLabels } from '../labels.ts';

export type SearchHit = Hit<{ [K in keyof SearchRecord]: SearchRecord[K] }>;

export const typeLabel = (labels: SearchLabels, type: string): string => (labels.types as Record<string, string>)[type] ?? type;

/**
 * The text in the box, searched once typing pauses for 150 ms (InstantSearch discards an answer older than one already shown). `search()` sends it
 * again: after an error InstantSearch restores the last state that worked, so Retry searches the typed query.
 */
export function useTypedQuery(initial?: string) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const queryHook = useCallback((query: string, search: (value: string) => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(query), 150);
  }, []);
  const { query: searched, refine } = useSearchBox({ queryHook });
  const [value, setValue] = useState(initial ?? searched);
  const search = (text = value) => refine(sanitizeQuery(text));
  const change = (text: string) => {
    setValue(text);
    search(text);
  };
  return { value, query: sanitizeQuery(value), searched, search, change };
}

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
