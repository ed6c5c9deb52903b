import type { Locale } from '#shared/content/types.ts';

/**
 * Settings the browser may see, inlined into every page with the nonce.
 * Never add a secret here: `server/config.ts#publicConfig` is the whitelist.
 */
export interface PublicConfig {
  /** The locales the site serves right now (the space's subset of LOCALES, ADR 039): the browser's route table and language links. */
  locales: readonly Locale[];
  algolia: { appId: string; searchKey: string; indexPrefix: string; embedded: boolean };
  /** `selfHosted`: our own collector is at `basePath`, so search analytics go there too (ADR 067); a hosted provider gets none. */
  insights: { enabled: boolean; basePath: string; sampleRate: number; selfHosted: boolean };
  /** The Contentful web app origins a preview page may be framed by and talks to (Live Preview). */
  livePreview: { origins: readonly string[] };
}
