import { data } from 'react-router';

import { ContentUnavailableError, DEFAULT_RETRY_AFTER_S } from '#server/services/content/errors.ts';

import type { ContentApi } from '#shared/data/content-api.ts';

/** The body of a content 503 route error: the message shown and when to come back. */
export interface UnavailableBody {
  message: string;
  retryAfterS: number;
}

/** Domain errors as route errors with their HTTP status, so the route's error element renders them. */
export function toRouteError(error: unknown): unknown {
  if (!(error instanceof ContentUnavailableError)) return error;
  const body: UnavailableBody = { message: 'Content is temporarily unavailable. Please try again shortly.', retryAfterS: error.retryAfterS };
  return data(body, { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': String(error.retryAfterS) } });
}

/** The ContentApi loaders see: every method's domain errors become route errors. */
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

/** The Retry-After seconds of a 503 route error body (e.g. in the route-data JSON); undefined unless 503. */
export function retryAfterIn(status: number | undefined, body: unknown): number | undefined {
  if (status !== 503) return undefined;
  const seconds = (body as Partial<UnavailableBody> | null | undefined)?.retryAfterS;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_S;
}
