/**
 * The insights layout under `INSIGHTS_BASE_PATH`, the same one a hosted
 * provider uses under its own base path (`<base>/insights/script.js`,
 * `<base>/speed-insights/script.js`), so switching to one changes config, not
 * markup. The server spells the same paths in server/api/insights.ts.
 */
export const PAGE_VIEWS_SCRIPT = '/insights/script.js';
export const SPEED_INSIGHTS_SCRIPT = '/speed-insights/script.js';

/** `<meta name>` carrying the matched route pattern (`/models/:slug`), read by the page-view and vitals scripts. */
export const ROUTE_META_NAME = 'vitrine:route';

/** Dispatched on `document` after every committed client navigation; `detail.route` is the new route pattern. */
export const NAVIGATION_EVENT = 'vitrine:navigation';

/** Detail of the `vitrine:navigation` CustomEvent. */
export interface NavigationDetail {
  route: string;
}
