import { isAxiosError } from 'axios';
import { BrokenCircuitError, BulkheadRejectedError, CircuitState, ConsecutiveBreaker, bulkhead, circuitBreaker, handleWhen } from 'cockatiel';

import type { Logger } from 'pino';

export interface UpstreamGuardOptions {
  /** Requests in flight at once; more wait in a queue (at most `maxQueued`, default 1000), within their deadline. */
  maxConcurrency: number;
  maxQueued?: number;
  /** Consecutive failures that open the circuit, and how long it stays open before one probe. */
  breaker: { failures: number; cooldownMs: number };
  /** Longest single attempt (CONTENTFUL_TIMEOUT_MS), wall clock: a slow drip cannot stretch it. */
  timeoutMs: number;
  /** Attempts after the first, when the budget allows them. */
  retryLimit: number;
  logger?: Logger | undefined;
}

export type UpstreamGuard = ReturnType<typeof createUpstreamGuard>;

/** Less time than this left: an attempt cannot get an answer, so it is not started. */
const MIN_ATTEMPT_MS = 50;
const BACKOFF_BASE_MS = 100;
const BACKOFF_MAX_MS = 1000;

/** The attempt's own timer fired: no answer (or no free slot) in time. Counts as a fault. */
class AttemptTimeoutError extends Error {
  override name = 'AttemptTimeoutError';
}

/**
 * Retries, circuit breaker and concurrency limit for every request to Contentful (ADR 015). Per attempt: fail fast while
 * the circuit is open (or its one probe is out) or Contentful asked us to wait longer than the budget; then a bulkhead
 * slot; then the breaker around the request, so the breaker counts only requests that reached Contentful.
 */
export function createUpstreamGuard(options: UpstreamGuardOptions) {
  const { cooldownMs, failures } = options.breaker;
  const log = options.logger?.child({ module: 'contentful-guard' });
  const slots = bulkhead(options.maxConcurrency, options.maxQueued ?? 1000);
  const breaker = circuitBreaker(handleWhen(isUpstreamFault), { halfOpenAfter: cooldownMs, breaker: new ConsecutiveBreaker(failures) });
  let openedAt = 0;
  let rateLimitedUntil = 0;
  breaker.onBreak(() => {
    openedAt = Date.now();
    log?.warn({ failures, cooldownMs }, 'circuit opened');
  });
  breaker.onHalfOpen(() => log?.info({}, 'circuit half-open'));
  breaker.onReset(() => log?.info({}, 'circuit closed'));

  const fits = (waitMs: number, expiresAt: number) => Date.now() + waitMs + MIN_ATTEMPT_MS <= expiresAt;

  function refusal(): UpstreamUnavailableError | undefined {
    // cockatiel lets callers queue behind a half-open probe; we answer them at once instead.
    if (breaker.state === CircuitState.HalfOpen) return new UpstreamUnavailableError('circuit-open', cooldownMs);
    const closesIn = openedAt + cooldownMs - Date.now();
    if (breaker.state === CircuitState.Open && closesIn > 0) return new UpstreamUnavailableError('circuit-open', closesIn);
    return undefined;
  }

  /** One attempt: a slot (waiting no longer than the deadline), then the request, cut off after its own time. */
  async function once<T>(attempt: (signal: AbortSignal) => Promise<T>, expiresAt: number): Promise<T> {
    const controller = new AbortController();
    const abortAfter = (ms: number, why: string) => setTimeout(() => controller.abort(new AttemptTimeoutError(why)), ms);
    let timer = abortAfter(expiresAt - Date.now(), 'no free slot for Contentful before the deadline');
    try {
      const work = slots.execute(() => {
        clearTimeout(timer);
        const ms = Math.min(options.timeoutMs, expiresAt - Date.now());
        if (ms < MIN_ATTEMPT_MS) throw new AttemptTimeoutError('no time left for Contentful');
        timer = abortAfter(ms, `no answer from Contentful within ${ms} ms`);
        if (breaker.state === CircuitState.HalfOpen) throw new BrokenCircuitError();
        return breaker.execute(() => attempt(controller.signal));
      }, controller.signal);
      // The bulkhead notices an aborted waiter only when a slot frees; the caller stops waiting now.
      return await abortable(work, [controller.signal]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Runs `attempt` (one HTTP request, aborted through `signal`) until it succeeds, fails for a reason retrying cannot
   * fix, or the next try would not fit before `expiresAt` (epoch ms). Gives up with `UpstreamUnavailableError`.
   */
  async function run<T>(attempt: (signal: AbortSignal) => Promise<T>, expiresAt: number): Promise<T> {
    let lastError: unknown;
    for (let retry = 0; ; retry++) {
      const refused = refusal();
      if (refused) throw refused;
      const limitedFor = rateLimitedUntil - Date.now();
      if (limitedFor > 0) {
        if (!fits(limitedFor, expiresAt)) throw new UpstreamUnavailableError('rate-limited', limitedFor, lastError);
        await sleep(limitedFor);
      }
      if (expiresAt - Date.now() < MIN_ATTEMPT_MS) throw new UpstreamUnavailableError('deadline', cooldownMs, lastError);
      try {
        return await once(attempt, expiresAt);
      } catch (error) {
        if (error instanceof BrokenCircuitError) throw refusal() ?? new UpstreamUnavailableError('circuit-open', cooldownMs);
        if (error instanceof BulkheadRejectedError) throw new UpstreamUnavailableError('queue-full', cooldownMs, error);
        if (!(error instanceof AttemptTimeoutError) && !isUpstreamFault(error)) throw error;
        lastError = error;
        const asked = retryAfterHeaderMs(error);
        const rateLimited = (error as { response?: { status?: number } }).response?.status === 429;
        // A 429 holds back every request until the reset (the gate above), not just this one.
        if (rateLimited) rateLimitedUntil = Math.max(rateLimitedUntil, Date.now() + (asked ?? BACKOFF_MAX_MS));
        const delay = asked ?? Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retry) + Math.random() * BACKOFF_BASE_MS;
        if (retry >= options.retryLimit || !fits(delay, expiresAt)) {
          const outOfTime = error instanceof AttemptTimeoutError && !fits(0, expiresAt);
          throw new UpstreamUnavailableError(rateLimited ? 'rate-limited' : outOfTime ? 'deadline' : 'upstream-failed', asked ?? cooldownMs, error);
        }
        log?.debug({ retry: retry + 1, delayMs: Math.round(delay), err: error }, 'retrying');
        if (!rateLimited) await sleep(delay);
      }
    }
  }

  return {
    run,
    get circuit(): 'closed' | 'open' | 'half-open' {
      return breaker.state === CircuitState.Closed ? 'closed' : breaker.state === CircuitState.HalfOpen ? 'half-open' : 'open';
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection with the reason of the first of `signals` to abort. */
export function abortable<T>(promise: Promise<T>, candidates: Array<AbortSignal | undefined>): Promise<T> {
  const signals = candidates.filter((s) => s !== undefined);
  if (signals.length === 0) return promise;
  // Nobody may wait for it any more; a later failure must not surface as an unhandled rejection.
  promise.catch(() => undefined);
  const aborted = signals.find((s) => s.aborted);
  if (aborted) return Promise.reject(aborted.reason);
  // Listeners, not AbortSignal.any: a composite signal per content read cost ~10% of a /_data request's CPU.
  return new Promise<T>((resolve, reject) => {
    const onAbort = (event: Event) => reject((event.target as AbortSignal).reason);
    for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signals.forEach((signal) => signal.removeEventListener('abort', onAbort)));
  });
}

/**
 * Contentful could not answer within the request's budget (`reason`: the names the log and ADR 015 use). It has no axios
 * `response`, so the SDK passes it through unchanged; `retryAfterMs` (rate-limit reset or breaker cool-down) feeds Retry-After.
 */
export class UpstreamUnavailableError extends Error {
  readonly reason: 'circuit-open' | 'rate-limited' | 'queue-full' | 'deadline' | 'upstream-failed';
  readonly retryAfterMs: number;

  constructor(reason: UpstreamUnavailableError['reason'], retryAfterMs: number, cause?: unknown) {
    super(`Contentful unavailable (${reason})${cause instanceof Error ? `: ${cause.message}` : ''}`, cause === undefined ? {} : { cause });
    this.name = 'UpstreamUnavailableError';
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

/** No answer (reset, refused, timed out, aborted), 429 or 5xx; other 4xx are our query's fault: not retried, not counted by the breaker. */
function isUpstreamFault(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status === 429 || status >= 500;
}

/** The wait a 429 or 503 asks for: `Retry-After` (seconds or an HTTP date) or `X-Contentful-RateLimit-Reset` (seconds), the longer. */
function retryAfterHeaderMs(error: unknown, now = Date.now()): number | undefined {
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
