import { isAxiosError } from 'axios';

/** Why a request to Contentful was given up (the log and the ADR 015 table use these names). */
export type UnavailableReason = 'circuit-open' | 'rate-limited' | 'queue-full' | 'deadline' | 'upstream-failed';

/**
 * Contentful could not answer within the request's budget. Thrown by the
 * upstream guard's axios adapter; it has no axios `response`, so the SDK's
 * error handler passes it through unchanged and the ContentService can read
 * `retryAfterMs` for the 503's Retry-After.
 */
export class UpstreamUnavailableError extends Error {
  readonly reason: UnavailableReason;
  /** When asking again makes sense: the rate-limit reset, the breaker's cool-down, or its full length. */
  readonly retryAfterMs: number;

  constructor(reason: UnavailableReason, retryAfterMs: number, cause?: unknown) {
    super(`Contentful unavailable (${reason})${cause instanceof Error ? `: ${cause.message}` : ''}`, cause === undefined ? {} : { cause });
    this.name = 'UpstreamUnavailableError';
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Failures that say something about Contentful's health: no answer (reset,
 * refused, timed out, aborted at the deadline), 429, or 5xx. Other 4xx are
 * our query's fault: not retried, not counted by the circuit breaker.
 */
export function isUpstreamFault(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status === 429 || status >= 500;
}

/**
 * The wait a 429 or 503 asks for: `Retry-After` (seconds or an HTTP date) or
 * Contentful's `X-Contentful-RateLimit-Reset` (seconds), whichever is longer.
 */
export function retryAfterHeaderMs(error: unknown, now = Date.now()): number | undefined {
  if (!isAxiosError(error) || !error.response) return undefined;
  const headers = error.response.headers as Record<string, unknown>;
  const waits = [toMs(headers['retry-after'], now), toMs(headers['x-contentful-ratelimit-reset'], now)].filter((ms) => ms !== undefined);
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

function toMs(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
