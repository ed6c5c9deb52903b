import { UpstreamUnavailableError } from './upstream-guard.ts';

/** Retry-After when nothing more precise is known (no rate-limit reset, no breaker cool-down). */
export const DEFAULT_RETRY_AFTER_S = 30;

/** Contentful could not answer in time. The service's only domain error: a missing entry is `null`, not an error. */
export class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError';
  /** Whole seconds to wait (at least 1): Contentful's own hint when it gave one. */
  readonly retryAfterS: number;

  constructor(cause: unknown) {
    super('Content is temporarily unavailable', { cause });
    this.retryAfterS = cause instanceof UpstreamUnavailableError ? Math.max(1, Math.ceil(cause.retryAfterMs / 1000)) : DEFAULT_RETRY_AFTER_S;
  }
}
