import { data } from 'react-router';

import { ContentUnavailableError, DEFAULT_RETRY_AFTER_S } from '#server/services/content/errors.ts';

import type { ContentApi } from '#shared/data/content-api.ts';

/** So the route's error element renders it. */
function toRouteError(error: unknown): unknown {
  if (!(error instanceof ContentUnavailableError)) return error;
  const headers = { 'Retry-After': String(DEFAULT_RETRY_AFTER_S) };
  return data({ message: 'Content is temporarily unavailable. Please try again shortly.' }, { status: 503, statusText: 'Service Unavailable', headers });
}

export function withRouteErrors(content: ContentApi): ContentApi {
  const methods = Object.entries(content).map(([name, method]: [string, (...args: unknown[]) => Promise<unknown>]) => [
    name,
    (...args: unknown[]) =>
      method(...args).catch((error: unknown) => {
        throw toRouteError(error);
      }),
  ]);
  return Object.fromEntries(methods) as ContentApi;
}
