import { data } from 'react-router';

import { contentLoader } from '#client/data/loader-helpers.ts';
import { parseSearchPageParams } from '#shared/search.ts';

/** Searched on the server, so the page works without JavaScript and hydrates without a request; if that fails, the browser searches. */
export const loader = contentLoader(async ({ options, url, search }) => {
  const params = parseSearchPageParams(url.searchParams);
  if (!params) throw data({ message: 'page must be a whole number from 1 to 200' }, { status: 400, statusText: 'Bad Request' });
  const initialResults = search ? await search.getSearchPageResults({ ...params, locale: options.locale }, { signal: options.signal }).catch(() => null) : null;
  return { params, initialResults, searchFailed: search !== null && initialResults === null };
});

export type SearchData = Awaited<ReturnType<typeof loader>>;
