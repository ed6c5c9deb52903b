import { LOCALES } from '#shared/content/types.ts';

import type { Locale } from '#shared/content/types.ts';

/** One way the space differs from what Vitrine needs: `path` like `article.heroImage` or `locale de-DE`, `message` like `missing`. */
export interface SpaceProblem {
  path: string;
  message: string;
}

/**
 * What the content-model check found (ADR 038). `errors` stop the site ("not set up yet" page, /readyz 503);
 * `warnings` degrade it (a missing second locale drops its routes). `locales` are the locales the site serves.
 */
export interface SpaceStatus {
  readonly state: 'checking' | 'ready' | 'not-set-up' | 'unreachable';
  readonly errors: readonly SpaceProblem[];
  readonly warnings: readonly SpaceProblem[];
  readonly locales: readonly Locale[];
}

/** Before the first check every locale is served, as before the check existed. */
export const UNCHECKED_SPACE: SpaceStatus = { state: 'checking', errors: [], warnings: [], locales: LOCALES };

/** The space's status as last checked, shared by composition: readers get it synchronously; `whenReady` waits for a usable space. */
export function createSpaceStatusStore(initial: SpaceStatus = UNCHECKED_SPACE) {
  let status = initial;
  let waiters: Array<() => void> = [];
  return {
    get: (): SpaceStatus => status,
    set(next: SpaceStatus): void {
      status = next;
      if (next.state !== 'ready') return;
      for (const resolve of waiters) resolve();
      waiters = [];
    },
    /** Resolves once the state is 'ready' (at once when it is). */
    whenReady: (): Promise<void> => (status.state === 'ready' ? Promise.resolve() : new Promise((resolve) => void waiters.push(resolve))),
  };
}

export type SpaceStatusStore = ReturnType<typeof createSpaceStatusStore>;
