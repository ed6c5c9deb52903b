import { availableParallelism } from 'node:os';

import { describe, expect, it } from 'vitest';

import { loadConfig } from '#server/config.ts';
import { configIssues as issuesOf } from '../tests/support/config-issues.ts';

describe('render gate configuration', () => {
  it('defaults to 16 renders per core of the process, at least 16, 1,024 waiting for up to 5 s', () => {
    const cores = availableParallelism();
    expect(loadConfig({}).renderGate).toEqual({ concurrency: Math.max(16, 16 * cores), maxWaiting: 1024, maxWaitMs: 5000 });
    expect(loadConfig({ WEB_CONCURRENCY: '64' }).renderGate.concurrency).toBe(16);
  });

  it('takes explicit values', () => {
    const env = { RENDER_CONCURRENCY: '3', RENDER_QUEUE_MAX: '0', RENDER_QUEUE_TIMEOUT_MS: '250' };
    expect(loadConfig(env).renderGate).toEqual({ concurrency: 3, maxWaiting: 0, maxWaitMs: 250 });
  });

  it('names the variable and the allowed range for a bad value', () => {
    expect(issuesOf({ RENDER_CONCURRENCY: '0' })).toEqual(['RENDER_CONCURRENCY: must be auto or a whole number from 1 to 256']);
    expect(issuesOf({ RENDER_QUEUE_MAX: '-1', RENDER_QUEUE_TIMEOUT_MS: 'soon' })).toEqual([
      'RENDER_QUEUE_MAX: must be at least 0',
      'RENDER_QUEUE_TIMEOUT_MS: must be a number',
    ]);
  });
});
