import { SearchForm } from './search-form.tsx';

import type { Locale } from '#shared/content/types.ts';

/** The search page without results to show (the server could not search, or the widgets failed): a plain GET form. */
export function StaticSearchForm({ locale, query, message }: { locale: Locale; query: string; message?: string }) {
  return (
    <>
      <SearchForm locale={locale} variant="page" reloadDocument inputProps={{ defaultValue: query }} />
      {message ? (
        <p className="search-status" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
