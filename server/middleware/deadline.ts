import type { Deadline } from '#shared/data/content-api.ts';
import type { RequestHandler, Response } from 'express';

export class DeadlineExceededError extends Error {
  override name = 'DeadlineExceededError';
}

/** Content work gets SSR_ABORT_MS less a fifth (at most a second), kept for rendering the answer, the 503 page included. */
export function contentBudgetMs(ssrAbortMs: number): number {
  return ssrAbortMs - Math.min(1000, Math.round(ssrAbortMs / 5));
}

/** A content deadline per request (`res.locals.deadline`); its timer starts only when content code first asks for the signal. */
export function requestDeadline(ssrAbortMs: number): RequestHandler {
  const budgetMs = contentBudgetMs(ssrAbortMs);
  return (_req, res, next) => {
    res.locals.deadline = createDeadline(Date.now() + budgetMs, res);
    next();
  };
}

export function deadlineOf(res: Response): Deadline | undefined {
  return res.locals.deadline as Deadline | undefined;
}

function createDeadline(expiresAt: number, res: Response): Deadline {
  let controller: AbortController | undefined;
  return {
    expiresAt,
    get signal() {
      if (!controller) {
        const started = new AbortController();
        const timer = setTimeout(
          () => started.abort(new DeadlineExceededError(`content not ready within the request's budget`)),
          Math.max(0, expiresAt - Date.now()),
        );
        res.once('close', () => clearTimeout(timer));
        controller = started;
      }
      return controller.signal;
    },
  };
}
