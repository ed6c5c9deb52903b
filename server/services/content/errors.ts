import { HttpError } from '#shared/http/http-error.ts';

export const DEFAULT_RETRY_AFTER_S = 30;

/** The service's only domain error: a missing entry is `null`. */
export class ContentUnavailableError extends HttpError {
  override name = 'ContentUnavailableError';

  constructor(cause: unknown) {
    super(503, 'Content is temporarily unavailable', { cause, headers: { 'Retry-After': String(DEFAULT_RETRY_AFTER_S) } });
  }
}
