export { InsightsTags } from './insights-tags.tsx';
export { isTrackingAllowed } from './page.ts';
