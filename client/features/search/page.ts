// The search page's surface (InstantSearch and its clients): only the lazy search route imports it, so none of it joins the first-load bundle.
export { SearchPageView } from './widgets/search-page-view.tsx';
export { SearchErrorBoundary, SearchForm } from './search-form.tsx';
export { getSearchLabels } from './labels.ts';
