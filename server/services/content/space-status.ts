import { LOCALES } from '#shared/content/types.ts';

import type { Locale } from '#shared/content/types.ts';

/** `path` like `article.heroImage` or `locale de-DE`, `message` like `missing`. */
export interface SpaceProblem {
  path: string;
  message: string;
}

/** ADR 038. `errors` stop the site ("not set up yet" page, /readyz 503); `warnings` degrade it. `locales`: those the site serves. */
export interface SpaceStatus {
  readonly state: 'checking' | 'ready' | 'not-set-up' | 'unreachable';
  readonly errors: readonly SpaceProblem[];
  readonly warnings: readonly SpaceProblem[];
  readonly locales: readonly Locale[];
}

export function createSpaceStatusStore() {
  // Before the first check every locale is served.
  let status: SpaceStatus = { state: 'checking', errors: [], warnings: [], locales: LOCALES };
  let waiters: Array<() => void> = [];
  return {
    get: (): SpaceStatus => status,
    set(next: SpaceStatus): void {
      status = next;
      if (next.state !== 'ready') return;
      for (const resolve of waiters) resolve();
      waiters = [];
    },
    whenReady: (): Promise<void> => (status.state === 'ready' ? Promise.resolve() : new Promise((resolve) => void waiters.push(resolve))),
  };
}

export type SpaceStatusStore = ReturnType<typeof createSpaceStatusStore>;
