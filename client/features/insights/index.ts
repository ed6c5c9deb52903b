export { InsightsTags } from './insights-tags.tsx';
export { NAVIGATION_EVENT, ROUTE_META_NAME } from './constants.ts';
export { isTrackingAllowed } from './consent.ts';

export type { NavigationDetail } from './constants.ts';
