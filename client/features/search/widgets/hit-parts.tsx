import { Highlight, Snippet } from 'react-instantsearch';

import type { Hit } from 'instantsearch.js';
import type { SearchRecord } from '#shared/content/types.ts';

/** A search hit: our record plus Algolia's highlight, snippet and insights fields. */
export type SearchHit = Hit<{ [K in keyof SearchRecord]: SearchRecord[K] }>;

/**
 * The title with matches marked. `<Highlight>` splits InstantSearch's escaped value into React text nodes and `<mark>`s, so HTML in a record or a query is
 * shown as text, never parsed.
 */
export function HitTitle({ hit }: { hit: SearchHit }) {
  return <Highlight attribute="title" hit={hit} />;
}

/** A body snippet when the body matched, else the summary (highlighted where it matched). */
export function HitExcerpt({ hit }: { hit: SearchHit }) {
  const snippet = (hit._snippetResult as { body?: { matchLevel?: string } } | undefined)?.body;
  if (snippet && snippet.matchLevel && snippet.matchLevel !== 'none') return <Snippet attribute="body" hit={hit} />;
  if (hit._highlightResult && 'summary' in hit._highlightResult) return <Highlight attribute="summary" hit={hit} />;
  return <>{hit.summary}</>;
}
