// Not re-exported from ../index.ts: the app shell takes that folder's files (scripts/build.ts), and none of this belongs in a first load.
export { createSearchAnalytics } from './reporter.ts';
export { reportSearchConversion } from './on-press.ts';
export type { SearchAnalytics } from './reporter.ts';
