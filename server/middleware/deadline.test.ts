import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { contentBudgetMs, deadlineOf, DeadlineExceededError, requestDeadline } from './deadline.ts';

describe('contentBudgetMs', () => {
  it('keeps a fifth of SSR_ABORT_MS, at most a second, for rendering the answer', () => {
    expect(contentBudgetMs(10_000)).toBe(9000);
    expect(contentBudgetMs(800)).toBe(640);
    expect(contentBudgetMs(100)).toBe(80);
  });
});

describe('requestDeadline', () => {
  function appReading(read: (deadline: ReturnType<typeof deadlineOf>) => Promise<unknown>) {
    const app = express();
    app.use(requestDeadline(500));
    app.get('/', async (_req, res) => res.json(await read(deadlineOf(res))));
    return app;
  }

  it('counts from the request and aborts its signal at expiresAt', async () => {
    const started = Date.now();
    const app = appReading(async (deadline) => {
      const signal = deadline?.signal;
      await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
      return { expiresAt: deadline?.expiresAt, reason: signal?.reason instanceof DeadlineExceededError, abortedAt: Date.now() };
    });

    const res = await request(app).get('/');
    const answeredAt = Date.now();

    // 400 ms: SSR_ABORT_MS 500 less its render reserve (a fifth).
    expect(res.body.reason).toBe(true);
    expect(res.body.expiresAt - started).toBeGreaterThanOrEqual(400);
    expect(res.body.expiresAt).toBeLessThanOrEqual(answeredAt);
    expect(res.body.abortedAt).toBeGreaterThanOrEqual(res.body.expiresAt - 5);
  });

  it('hands out one signal per request, not aborted while time is left', async () => {
    const app = appReading(async (deadline) => ({ same: deadline?.signal === deadline?.signal, aborted: deadline?.signal.aborted }));

    const res = await request(app).get('/');

    expect(res.body).toEqual({ same: true, aborted: false });
  });
});
