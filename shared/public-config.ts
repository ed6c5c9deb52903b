import type { Locale } from '#shared/content/types.ts';

/** Inlined into every page. Never add a secret: `server/config.ts#publicConfig` is the whitelist. */
export interface PublicConfig {
  /** The space's subset of LOCALES (ADR 039). */
  locales: readonly Locale[];
  algolia: { appId: string; searchKey: string; indexPrefix: string; embedded: boolean };
  /** `selfHosted`: search analytics go to our own collector too (ADR 067); a hosted provider gets none. */
  insights: { enabled: boolean; basePath: string; sampleRate: number; selfHosted: boolean };
  /** Origins a preview page may be framed by (Live Preview). */
  livePreview: { origins: readonly string[] };
}
