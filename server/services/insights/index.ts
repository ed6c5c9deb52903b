import { createInsightsRouter } from '#server/api/insights.ts';

import { createInsightsAggregator } from './aggregator.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createBuiltScriptSource, createDevScriptSource } from './script-source.ts';

import type { AppDeps } from '#server/app.ts';
import type { Config } from '#server/config.ts';

/**
 * The self-hosted insights collector for the app's feature routers: mounted
 * at INSIGHTS_BASE_PATH when insights are on and not sent to an external
 * provider. Scripts are bundled on the fly in development and read from
 * `dist/insights` in production.
 */
export function createInsightsRouters(config: Pick<Config, 'insights' | 'isDev'>): NonNullable<AppDeps['routers']> {
  const { enabled, selfHosted, basePath, token } = config.insights;
  if (!enabled || !selfHosted) return [];
  const scripts = config.isDev ? createDevScriptSource() : createBuiltScriptSource();
  return [{ path: basePath, handler: createInsightsRouter({ scripts, aggregator: createInsightsAggregator(), rateLimiter: createRateLimiter(), token }) }];
}
