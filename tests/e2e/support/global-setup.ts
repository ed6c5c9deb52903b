import { ensureBuild } from './server.ts';

/** Builds the production bundle when dist/ has none (E2E_BUILD=1: always), before any worker starts a server. */
// eslint-disable-next-line no-restricted-syntax -- Playwright loads globalSetup's default export.
export default function globalSetup(): void {
  ensureBuild(undefined, process.env.E2E_BUILD === '1');
}
