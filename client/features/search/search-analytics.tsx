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

// Our own search analytics (ADR 067), whether Algolia or the embedded engine answered; Algolia Insights are in search-root.tsx.

let current: { basePath: string | null; analytics: SearchAnalytics | null } | undefined;

/** Null when nothing may be sent: opted out (DNT/GPC), insights off, or a hosted provider at the base path. */
function getSearchAnalytics(insights: PublicConfig['insights']): SearchAnalytics | null {
  const basePath = insights.enabled && insights.selfHosted && isTrackingAllowed() ? insights.basePath : null;
  if (current?.basePath !== basePath) current = { basePath, analytics: basePath === null ? null : createSearchAnalytics({ basePath }) };
  return current.analytics;
}

export function reportSearchClick(event: InsightsEvent): void {
  const analytics = current?.analytics;
  if (!analytics || event.insightsMethod !== 'clickedObjectIDsAfterSearch') return;
  const { queryID, positions } = event.payload as { queryID?: unknown; positions?: unknown };
  const position = Array.isArray(positions) ? positions[0] : undefined;
  if (typeof queryID !== 'string' || typeof position !== 'number') return;
  const path = toSafeHitPath((event.hits?.[0] as { url?: unknown } | undefined)?.url);
  analytics.click(queryID, position, path && new URL(path, window.location.origin).pathname);
}

/** The reporter keeps the search the visitor settled on. */
export function SearchAnalyticsReporter({ locale }: { locale: Locale }) {
  const { insights } = usePublicConfig();
  const { results } = useInstantSearch();
  useEffect(() => {
    const queryID = (results as { queryID?: unknown } | undefined)?.queryID;
    if (typeof queryID !== 'string' || !results) return;
    getSearchAnalytics(insights)?.results({ locale, query: results.query, hits: results.nbHits, queryID });
  }, [insights, locale, results]);
  // The root goes away (the header box gives way to the search page).
  useEffect(() => () => current?.analytics?.flush(), []);
  return null;
}
