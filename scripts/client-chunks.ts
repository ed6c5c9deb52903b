/**
 * How the client build groups modules into chunks (scripts/build.ts), and
 * why: docs/decisions/007-client-chunks.md. Left to itself Rolldown emits a
 * chunk per set of importers, which on the article page meant a dozen files
 * under 3 KB each; gzip compresses each on its own, so the same code cost
 * about 3 KB more than as one file.
 *
 * Only modules every page loads may go in these groups: a module captured
 * here is loaded with the group, so a lazy feature's code (three, search
 * widgets) must never match. scripts/check-budgets.ts fails the build when
 * it does.
 */

/** React, React DOM, the scheduler and React Router: one chunk whose hash changes only with the framework. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/**
 * Our code that every page runs: the layout, shared components, the route
 * data client, insights tags, the search box's eager shell, rich text's
 * client side, and the model viewer's stylesheet (not its code).
 */
const APP_SHELL = [
  // file-size.ts is for the model page (and server-rendered rich text) only: it loads with that route.
  /[\\/]client[\\/](components|layout|data|features[\\/]insights)[\\/](?!file-size\.ts$)[^\\/]+$/,
  /[\\/]client[\\/](root|routes)\.tsx$/,
  // Shared code, except what only lazy features import (search records and queries, decoder paths).
  /[\\/]shared[\\/](?!.*\.test\.)(?!(search|decoders)\.ts$)/,
  /[\\/]client[\\/]features[\\/]search[\\/](search-form|use-search-shortcuts|load-search-box|search-error-boundary|header-search)\.tsx?$/,
  /[\\/]client[\\/]features[\\/]rich-text[\\/](index\.ts|rich-text-html\.tsx|rich-text\.css)$/,
  // The viewer's stylesheet only: embedded posters are server-rendered; its code loads on demand.
  /[\\/]client[\\/]features[\\/]model-viewer[\\/]model-viewer\.css$/,
];

export const CLIENT_CHUNK_GROUPS = [
  { name: 'framework', test: FRAMEWORK, priority: 2 },
  { name: 'app', test: (id: string) => !id.includes('node_modules') && APP_SHELL.some((pattern) => pattern.test(id)), priority: 1 },
];
