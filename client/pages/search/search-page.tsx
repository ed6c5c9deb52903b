import { useLoaderData, useLocation } from 'react-router';

import { Seo } from '#client/components/seo.tsx';
import { SEARCH_LABELS, SearchErrorBoundary, SearchForm, SearchPageView } from '#client/features/search/page.ts';
import { useSite } from '#client/layout/use-site.ts';

import type { SearchData } from '#client/pages/search/search.server.ts';

export function Component() {
  const { params, initialResults, searchFailed } = useLoaderData() as SearchData;
  const { locale, origin } = useSite();
  // A navigation renders a fresh root from the loader's results; typing only replaces the URL (url-sync.ts), which keeps the key.
  const { key } = useLocation();
  const labels = SEARCH_LABELS[locale];
  // Without results to show (the server could not search, or the widgets failed).
  const staticForm = (message?: string) => (
    <>
      <SearchForm locale={locale} variant="page" reloadDocument inputProps={{ defaultValue: params.query }} />
      {message ? (
        <p className="search-status" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
  const fallback = staticForm(searchFailed ? labels.unavailable : undefined);
  return (
    <>
      <Seo title={params.query ? labels.titleFor(params.query) : labels.title} noindex />
      <h1>{labels.title}</h1>
      <SearchErrorBoundary key={key} fallback={staticForm(labels.unavailable)}>
        <SearchPageView key={key} locale={locale} params={params} initialResults={initialResults} origin={origin} fallback={fallback} />
      </SearchErrorBoundary>
    </>
  );
}
