// The search analytics surface, for search and the model viewer (both lazy). A folder of its own, with its own index: the app shell takes
// every file directly in client/features/insights/ and what it re-exports (scripts/build.ts), and none of this belongs in a first load.
export { createSearchAnalytics } from './reporter.ts';
export { reportSearchConversion } from './on-press.ts';
export type { SearchAnalytics, SearchSeen } from './reporter.ts';
