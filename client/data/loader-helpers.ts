import { data } from 'react-router';

import { contentContext, requestInfoContext } from '#shared/data/context.ts';
import { localeFromPath } from '#shared/urls.ts';

import type { RouterContextProvider } from 'react-router';
import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { RequestInfo } from '#shared/data/context.ts';

/** What every loader needs: the content API, query options for this request, and request facts. */
export function getLoaderContext(request: Request, context: Readonly<RouterContextProvider>): { content: ContentApi; options: QueryOptions; info: RequestInfo; url: URL } {
  const url = new URL(request.url);
  const info = context.get(requestInfoContext);
  return {
    content: context.get(contentContext),
    options: { locale: localeFromPath(url.pathname), preview: info.preview, signal: request.signal },
    info,
    url,
  };
}

/** Throws the 404 that the route's error element renders. */
export function notFound(what: string): never {
  throw data({ message: `${what} was not found` }, { status: 404, statusText: 'Not Found' });
}
