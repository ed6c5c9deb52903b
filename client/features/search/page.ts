/**
 * The search page's widgets (InstantSearch, the lite client, search-insights). Imported only by client/pages/search, a lazy route chunk: keeping them out of
 * ./index.ts keeps them out of the first-load bundle.
 */
export { SearchPageView } from './widgets/search-page-view.tsx';
export { StaticSearchForm } from './static-search-form.tsx';
export { SearchErrorBoundary } from './search-error-boundary.tsx';
export { getSearchLabels } from './labels.ts';
