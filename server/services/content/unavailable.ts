import { data, isRouteErrorResponse } from 'react-router';

import { UpstreamUnavailableError } from '#server/services/content/upstream-guard.ts';

/** Retry-After when nothing more precise is known (no rate-limit reset, no breaker cool-down). */
export const DEFAULT_RETRY_AFTER_S = 30;

/** What a content 503 carries besides its status: the message shown and when to come back. */
export interface UnavailableBody {
  message: string;
  retryAfterS: number;
}

/** Whole seconds to wait after `error` (at least 1): Contentful's own hint when it gave one. */
export function retryAfterSeconds(error: unknown): number {
  if (error instanceof UpstreamUnavailableError) return Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  return DEFAULT_RETRY_AFTER_S;
}

/**
 * The 503 the ContentService throws when Contentful cannot answer in time:
 * react-router's `data()`, so the route's error element renders it, with
 * Retry-After in its headers (documents) and its body (route data, JSON API).
 */
export function contentUnavailable(retryAfterS: number) {
  const body: UnavailableBody = { message: 'Content is temporarily unavailable. Please try again shortly.', retryAfterS };
  return data(body, { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': String(retryAfterS) } });
}

/**
 * The Retry-After seconds of a thrown `contentUnavailable` (as thrown, or as
 * the route error react-router made of it); undefined for anything else.
 */
export function unavailableRetryAfter(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return retryAfterIn(error.status, error.data);
  const thrown = error as { type?: unknown; data?: unknown; init?: { status?: number } } | null;
  return thrown?.type === 'DataWithResponseInit' ? retryAfterIn(thrown.init?.status, thrown.data) : undefined;
}

/** The Retry-After seconds of a 503 error body (e.g. a route's result in the route-data JSON); undefined unless 503. */
export function retryAfterIn(status: number | undefined, body: unknown): number | undefined {
  if (status !== 503) return undefined;
  const seconds = (body as Partial<UnavailableBody> | null | undefined)?.retryAfterS;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_S;
}
