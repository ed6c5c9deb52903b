import { useEffect } from 'react';
import { useInstantSearch } from 'react-instantsearch';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { isTrackingAllowed } from '#client/features/insights/index.ts';
import { createSearchAnalytics } from '#client/features/insights/search-analytics/index.ts';
import { toSafeHitPath } from '#shared/search.ts';

import type { InsightsEvent } from 'instantsearch.js';
import type { SearchAnalytics } from '#client/features/insights/search-analytics/index.ts';
import type { Locale } from '#shared/content/types.ts';
import type { PublicConfig } from '#shared/public-config.ts';

/*
 * The search side of our own search analytics (docs/decisions/067-search-analytics.md): each answer the root shows and each click on
 * a hit go to our collector, whether Algolia or the embedded engine answered. Algolia Insights (views in batches of 20, clicks) are
 * unchanged and go where they always went (search-root.tsx).
 */

let current: { basePath: string | null; analytics: SearchAnalytics | null } | undefined;

/** One reporter per page, or null when nothing may be sent: opted out (DNT/GPC), insights off, or a hosted provider at the base path. */
function getSearchAnalytics(insights: PublicConfig['insights']): SearchAnalytics | null {
  const basePath = insights.enabled && insights.selfHosted && isTrackingAllowed() ? insights.basePath : null;
  if (current?.basePath !== basePath) current = { basePath, analytics: basePath === null ? null : createSearchAnalytics({ basePath }) };
  return current.analytics;
}

/** From the InstantSearch insights `onEvent`: a click on a hit after a search, with its position and where it leads. */
export function reportSearchClick(event: InsightsEvent): void {
  const analytics = current?.analytics;
  if (!analytics || event.insightsMethod !== 'clickedObjectIDsAfterSearch') return;
  const { queryID, positions } = event.payload as { queryID?: unknown; positions?: unknown };
  const position = Array.isArray(positions) ? positions[0] : undefined;
  if (typeof queryID !== 'string' || typeof position !== 'number') return;
  const path = toSafeHitPath((event.hits?.[0] as { url?: unknown } | undefined)?.url);
  analytics.click(queryID, position, path && new URL(path, window.location.origin).pathname);
}

/** Inside an InstantSearch root: hands each answered search to the reporter, which keeps the one the visitor settled on. */
export function SearchAnalyticsReporter({ locale }: { locale: Locale }) {
  const { insights } = usePublicConfig();
  const { results } = useInstantSearch();
  useEffect(() => {
    const queryID = (results as { queryID?: unknown } | undefined)?.queryID;
    if (typeof queryID !== 'string' || !results) return;
    getSearchAnalytics(insights)?.results({ locale, query: results.query, hits: results.nbHits, queryID });
  }, [insights, locale, results]);
  // The root goes away (the header box gives way to the search page): its pending search is settled and sent.
  useEffect(() => () => current?.analytics?.flush(), []);
  return null;
}
