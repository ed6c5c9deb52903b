import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { createServices } from '#server/composition.ts';
import { createDevAssets } from '#server/ssr/assets.ts';
import { createLogCapture } from './test-app.ts';

import type { Config } from '#server/config.ts';
import type { Services } from '#server/composition.ts';
import type { SsrEntry } from '#server/ssr/assets.ts';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { LogLine } from './test-app.ts';

/** A 64-character signing secret, the length Contentful's webhook signing requires. */
export const WEBHOOK_SECRET = 'w'.repeat(32) + '0123456789abcdef0123456789abcdef';

export interface ContentTestApp {
  app: Express;
  config: Config;
  services: Services;
  logger: Logger;
  /** Parsed log lines (level debug) when `captureLogs` was set. */
  logs: LogLine[];
}

export interface ContentTestAppOptions {
  /** Capture log lines at debug level into `logs`. */
  captureLogs?: boolean;
  /** Default true. Off when Contentful is down from the start: the first index build cannot finish then. */
  waitForSearch?: boolean;
}

/**
 * The real app on the real services (ContentService, content cache, feeds,
 * JSON API, preview, webhook, embedded search) built from `env` exactly as
 * server/index.ts builds them. Without Contentful variables it runs on the
 * embedded engine over the demo space; with a fake's `env` it talks to the
 * fake over HTTP. Resolves once the embedded search index was built, so the
 * start-up traffic it causes is over before a test counts requests.
 */
export async function createContentTestApp(env: Record<string, string> = {}, options: ContentTestAppOptions = {}): Promise<ContentTestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: options.captureLogs ? 'debug' : 'silent', INSIGHTS_ENABLED: 'false', ALLOWED_HOSTS: 'vitrine.test', ...env },
    '1.2.3',
  );
  const logs: LogLine[] = [];
  const logger = createLogger(config, options.captureLogs ? createLogCapture(logs) : undefined);
  const services = await createServices(config, logger);
  if (options.waitForSearch !== false) await waitForSearchIndex(services);
  const app = createApp(config, {
    logger,
    ...services.appDeps,
    ssr: { entry: { load: () => import('#client/entry.server.tsx') as Promise<SsrEntry> }, assets: createDevAssets(), buildId: 'test' },
  });
  return { app, config, services, logger, logs };
}

/**
 * Waits for the embedded search's first build (it fails quietly and retries later when Contentful is down). The build loads every entry of every locale;
 * on a loaded CI machine that took over 15 s, so the deadline sits just inside the 60 s the suites give their beforeAll.
 */
async function waitForSearchIndex(services: Services, timeoutMs = 50_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const search = services.appDeps.readiness()['search'];
    if (!search || search.ready || search.detail !== 'building the index') return;
    if (Date.now() > deadline) throw new Error('the embedded search index was not built in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
