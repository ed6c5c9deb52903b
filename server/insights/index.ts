import { createInsightsRouter } from '#server/insights/router.ts';

import { createRateLimiter } from './rate-limiter.ts';
import { createBuiltScriptSource, createDevScriptSource } from './script-source.ts';

import type { RequestHandler } from 'express';
import type { Config } from '#server/config.ts';
import type { InsightsStore } from './store/insights-store.ts';

/** Whether this process collects insights itself (and so keeps a store). */
export function isCollectingInsights(config: Pick<Config, 'insights'>): boolean {
  return config.insights.enabled && config.insights.selfHosted;
}

/**
 * The self-hosted insights collector for the app's feature routers: mounted
 * at INSIGHTS_BASE_PATH when insights are on and not sent to an external
 * provider. Scripts are bundled on the fly in development and read from
 * `dist/insights` in production; events go to `store`.
 */
export function createInsightsCollector(config: Pick<Config, 'insights' | 'isDev'>, store: InsightsStore): RequestHandler {
  const scripts = config.isDev ? createDevScriptSource() : createBuiltScriptSource();
  return createInsightsRouter({ scripts, store, rateLimiter: createRateLimiter(), token: config.insights.token });
}
