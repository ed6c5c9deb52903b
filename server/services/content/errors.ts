import { HttpError } from '#shared/http/http-error.ts';

/** Retry-After of a 503 when content could not be read (a preview request Contentful did not answer, a replica not loaded yet). */
export const DEFAULT_RETRY_AFTER_S = 30;

/**
 * Content could not be read (preview: Contentful did not answer in time). The service's only domain error: a missing entry is
 * `null`, not an error. A 503 with Retry-After wherever it reaches the error middleware (the JSON API); loaders get it as a route error.
 */
export class ContentUnavailableError extends HttpError {
  override name = 'ContentUnavailableError';

  constructor(cause: unknown) {
    super(503, 'Content is temporarily unavailable', { cause, headers: { 'Retry-After': String(DEFAULT_RETRY_AFTER_S) } });
  }
}
