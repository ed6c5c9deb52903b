import pino from 'pino';

import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDevAssets } from '#server/ssr/assets.ts';
import { createFakeContent } from './content-api.ts';

import type { AppDeps } from '#server/app.ts';
import type { SsrEntry } from '#server/ssr/entry.ts';

/** Builds the real app with test config, a silent logger and the SSR entry imported by Vitest. */
export function createTestApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, '1.2.3');
  const logger = pino({ level: 'silent' });
  const app = createApp(config, {
    logger,
    content: createFakeContent(),
    ssr: { entry: { load: () => import('#client/entry.server.tsx') as Promise<SsrEntry> }, assets: createDevAssets(), buildId: 'test' },
    readiness: () => ({ content: { mode: 'fake', ready: true } }),
    ...deps,
  });
  return { app, config, logger };
}
