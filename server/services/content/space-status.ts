import { LOCALES } from '#shared/content/types.ts';

import type { Locale } from '#shared/content/types.ts';

/** One way the space differs from what Vitrine needs: `path` like `article.heroImage` or `locale de-DE`, `message` like `missing`. */
export interface SpaceProblem {
  path: string;
  message: string;
}

/**
 * What the content-model check found (issue 14). `errors` stop the site ("not set up yet" page, /readyz 503);
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
