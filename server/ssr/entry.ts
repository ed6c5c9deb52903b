import { pathToFileURL } from 'node:url';

import type { ViteDevServer } from 'vite';

/** The SSR entry's API (client/entry.server.tsx), loaded per environment. */
export type SsrEntry = typeof import('#client/entry.server.tsx');

export interface SsrEntryLoader {
  load(): Promise<SsrEntry>;
  /** Rewrites stack traces to source positions (dev only). */
  fixStack?(error: Error): void;
}

/** Dev: through Vite, so edits apply on the next request (HMR for the browser side). */
export function createDevEntryLoader(vite: ViteDevServer): SsrEntryLoader {
  return {
    load: () => vite.ssrLoadModule('/client/entry.server.tsx') as Promise<SsrEntry>,
    fixStack: (error) => vite.ssrFixStacktrace(error),
  };
}

/** Production: the SSR bundle written by `npm run build`, imported once. */
export function createBuiltEntryLoader(file: string): SsrEntryLoader {
  let entry: Promise<SsrEntry> | undefined;
  return { load: () => (entry ??= import(pathToFileURL(file).href) as Promise<SsrEntry>) };
}
