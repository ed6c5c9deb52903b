// Only the lazy search route imports this: none of InstantSearch joins the first-load bundle.
export { SearchPageView } from './widgets/search-page-view.tsx';
export { SearchErrorBoundary, SearchForm } from './search-form.tsx';
export { SEARCH_LABELS } from './labels.ts';
