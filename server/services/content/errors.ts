/** Retry-After of a 503 when content could not be read (a preview request Contentful did not answer, a replica not loaded yet). */
export const DEFAULT_RETRY_AFTER_S = 30;

/** Content could not be read (preview: Contentful did not answer in time). The service's only domain error: a missing entry is `null`, not an error. */
export class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError';
  readonly retryAfterS = DEFAULT_RETRY_AFTER_S;

  constructor(cause: unknown) {
    super('Content is temporarily unavailable', { cause });
  }
}
