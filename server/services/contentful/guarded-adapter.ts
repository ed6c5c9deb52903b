import { getAdapter } from 'axios';

import { currentUpstreamDeadline } from './upstream-deadline.ts';

import type { CdaAxiosAdapter } from './adapter.ts';
import type { UpstreamGuard } from './upstream-guard.ts';

/** Budget of requests made outside any visitor's request (search indexing, webhooks). */
export const BACKGROUND_BUDGET_MS = 30_000;

/**
 * An axios adapter for the SDK's remote clients: axios's own HTTP adapter
 * run under the upstream guard, with the deadline of the content work that
 * asked (`withUpstreamDeadline`). Each attempt gets an abort signal, so a
 * hanging or dripping answer is cut off at the attempt's time, not only
 * when the socket goes idle (axios's `timeout`).
 */
export function createGuardedAdapter(guard: UpstreamGuard, http: CdaAxiosAdapter = getAdapter('http') as CdaAxiosAdapter): CdaAxiosAdapter {
  return (config) => {
    const expiresAt = currentUpstreamDeadline() ?? Date.now() + BACKGROUND_BUDGET_MS;
    return guard.run((signal) => http({ ...config, signal }), expiresAt);
  };
}
