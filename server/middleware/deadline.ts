import type { Deadline } from '#shared/data/content-api.ts';
import type { RequestHandler, Response } from 'express';

export class DeadlineExceededError extends Error {
  override name = 'DeadlineExceededError';
}

/** Content work gets SSR_ABORT_MS less a fifth (at most a second), kept for rendering the answer, the 503 page included. */
export function contentBudgetMs(ssrAbortMs: number): number {
  return ssrAbortMs - Math.min(1000, Math.round(ssrAbortMs / 5));
}

/** Its timer starts only when content code first asks for the signal. */
export function requestDeadline(ssrAbortMs: number): RequestHandler {
  const budgetMs = contentBudgetMs(ssrAbortMs);
  return (_req, res, next) => {
    res.locals.deadline = new RequestDeadline(Date.now() + budgetMs, res);
    next();
  };
}

export function deadlineOf(res: Response): Deadline | undefined {
  return res.locals.deadline as Deadline | undefined;
}

/** A class: an object literal with a per-request getter made every /healthz request keep 4.8 KB through young GCs (ADR 056). */
class RequestDeadline implements Deadline {
  readonly expiresAt: number;
  readonly #res: Response;
  #controller: AbortController | undefined;

  constructor(expiresAt: number, res: Response) {
    this.expiresAt = expiresAt;
    this.#res = res;
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new DeadlineExceededError(`content not ready within the request's budget`)),
        Math.max(0, this.expiresAt - Date.now()),
      );
      this.#res.once('close', () => clearTimeout(timer));
      this.#controller = controller;
    }
    return this.#controller.signal;
  }
}
