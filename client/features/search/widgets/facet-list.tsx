import { useRefinementList } from 'react-instantsearch';

import { SEARCH_FACET_LIMIT } from '#shared/search.ts';

import { SEARCH_PAGE_FORM_ID } from '../search-form.tsx';

import type { SearchLabels } from '../labels.ts';

type FacetListProps = { attribute: 'type' | 'tags'; param: 'type' | 'tag'; legend: string; labelFor?: (value: string) => string };

/** One refinement list (OR within, AND across facets) as checkboxes of the search form (`form` attribute), so they also work without JavaScript. */
function FacetList({ attribute, param, legend, labelFor }: FacetListProps) {
  const { items, refine } = useRefinementList({ attribute, limit: SEARCH_FACET_LIMIT });
  // Fixed ids (one list per attribute on the page): server and client must agree, whatever the tree above.
  const id = `search-facet-${attribute}`;
  if (items.length === 0) return null;
  return (
    <fieldset className="search-facet">
      <legend className="eyebrow">{legend}</legend>
      {items.map((item, index) => (
        <label key={item.value} htmlFor={`${id}-${index}`}>
          <input
            id={`${id}-${index}`}
            type="checkbox"
            form={SEARCH_PAGE_FORM_ID}
            name={param}
            value={item.value}
            checked={item.isRefined}
            onChange={() => refine(item.value)}
          />
          <span>{labelFor ? labelFor(item.value) : item.label}</span>
          <span className="search-facet-count">{item.count}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Both facets of the search page, in SEARCH_FACETS order. */
export function SearchFacets({ labels }: { labels: SearchLabels }) {
  return (
    <aside aria-label={labels.filters}>
      <FacetList attribute="type" param="type" legend={labels.type} labelFor={(value) => (labels.types as Record<string, string>)[value] ?? value} />
      <FacetList attribute="tags" param="tag" legend={labels.tags} />
      <noscript>
        <button type="submit" form={SEARCH_PAGE_FORM_ID}>
          {labels.apply}
        </button>
      </noscript>
    </aside>
  );
}
