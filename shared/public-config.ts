/**
 * Settings the browser may see, inlined into every page with the nonce.
 * Never add a secret here: `server/config.ts#publicConfig` is the whitelist.
 */
export interface PublicConfig {
  algolia: { appId: string; searchKey: string; indexPrefix: string; embedded: boolean };
  insights: { enabled: boolean; basePath: string; sampleRate: number };
}
