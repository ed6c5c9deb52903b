import { useLoaderData, useLocation } from 'react-router';

import { Seo } from '#client/components/seo.tsx';
import { getSearchLabels, SearchErrorBoundary, SearchPageView, StaticSearchForm } from '#client/features/search/page.ts';
import { useSite } from '#client/layout/use-site.ts';

import type { SearchData } from '#client/pages/search/search.server.ts';

export function Component() {
  const { params, initialResults, searchFailed } = useLoaderData() as SearchData;
  const { locale, origin } = useSite();
  // A react-router navigation (header form, back/forward) renders a fresh root from the loader's results;
  // typing only replaces the URL (url-sync.ts), which keeps the key.
  const { key } = useLocation();
  const labels = getSearchLabels(locale);
  const fallback = <StaticSearchForm locale={locale} query={params.query} message={searchFailed ? labels.unavailable : undefined} />;
  return (
    <>
      <Seo title={params.query ? labels.titleFor(params.query) : labels.title} noindex />
      <h1>{labels.title}</h1>
      <SearchErrorBoundary key={key} fallback={<StaticSearchForm locale={locale} query={params.query} message={labels.unavailable} />}>
        <SearchPageView key={key} locale={locale} params={params} initialResults={initialResults} origin={origin} fallback={fallback} />
      </SearchErrorBoundary>
    </>
  );
}
